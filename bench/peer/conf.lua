-- The peer bunnymark's LÖVE side (bench/README.md, "Peer bench"): an
-- 800 x 450 window, vsync off, no modules it does not use.
function love.conf(t)
    t.identity = "akgl-bench-peer"
    t.window.title = "bench_peer"
    t.window.width = 800
    t.window.height = 450
    t.window.vsync = 0
    t.modules.audio = false
    t.modules.sound = false
    t.modules.joystick = false
    t.modules.physics = false
    t.modules.touch = false
    t.modules.video = false
end
