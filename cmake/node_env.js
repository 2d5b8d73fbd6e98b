// Linked into every akgl program built for the web (CMakeLists.txt,
// AKGL_WEB_NODE_LINK_OPTIONS). Under node, the program sees node's
// environment, as a native program sees its own: Emscripten gives it a fixed
// one otherwise, and the tests choose SDL's drivers (SDL_VIDEO_DRIVER=offscreen)
// and find their assets (AKGL_TEST_ASSETS) through it. Runs before main.
Module['preRun'] = Module['preRun'] || [];
Module['preRun'].push(function () {
    if (typeof process === 'object' && typeof ENV === 'object') {
        Object.assign(ENV, process.env);
    }
});
