# The demo's best score, kept natively between runs (akgl_demo.c load_best
# and save_best): run with a display (tools/xvfb.sh, SDL's x11 driver) so that
# the demo is not headless, in a data folder of the test's own
# (XDG_DATA_HOME, where SDL_GetPrefPath puts a Linux game's files).
#
#   cmake -DDEMO=<akgl_demo> -DXVFB=<tools/xvfb.sh> -DWORK=<dir> -P demo_save.cmake
#
# 1. A first --check run (its scripted play-through scores the same every
#    time) starts from "best before this run 0" and keeps its score.
# 2. A short run finds that score as the best.
# 3. A better best already kept is not lowered by a worse run.
# 4. A file that holds no number is read as 0, not as an error.
# 5. No folder can be made (XDG_DATA_HOME names a file): the demo says so,
#    plays on and exits 0, keeping its score nowhere.
#
# The two scripted runs (720 frames each) are not held to the display:
# SDL_RENDER_VSYNC=0 and SDL_MAIN_CALLBACK_RATE=0, which the runner honours
# (docs/23-app.md) and says so; the short runs keep its default, vsync on.
cmake_minimum_required(VERSION 3.25)

foreach(var DEMO XVFB WORK)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "demo_save.cmake: -D${var}=... is required")
    endif()
endforeach()

set(failures 0)
macro(fail text)
    message(SEND_ERROR "${text}")
    math(EXPR failures "${failures} + 1")
endmacro()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(best "${WORK}/data/akgl/demo/best_score.txt")

# Runs the demo with ARGN on an X server of its own (tools/xvfb.sh), data
# in `data`; sets out and rc. A --check run goes without vsync or pacing.
# Leaks are not looked for (tools/test.sh --sanitize): X11's libraries keep
# memory to exit; the headless akgl_demo test runs the same code with them.
function(run_demo data)
    set(unpaced OFF)
    if("--check" IN_LIST ARGN)
        set(unpaced ON)
    endif()
    set(pace "")
    if(unpaced)
        set(pace SDL_RENDER_VSYNC=0 SDL_MAIN_CALLBACK_RATE=0)
    endif()
    execute_process(
        COMMAND ${CMAKE_COMMAND} -E env XDG_DATA_HOME=${data} SDL_VIDEO_DRIVER=x11
            SDL_RENDER_DRIVER=software SDL_AUDIO_DRIVER=dummy ${pace}
            ASAN_OPTIONS=detect_leaks=0:abort_on_error=0
            ${XVFB} --screen 1024x768x24 ${DEMO} ${ARGN} --screenshot ${WORK}/shot.png
        OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE r)
    set(out "${o}${e}" PARENT_SCOPE)
    set(rc "${r}" PARENT_SCOPE)
    if(unpaced)
        set(want "vsync off \\(SDL_RENDER_VSYNC is \"0\"\\)")
    else()
        set(want "vsync on\n")
    endif()
    if(NOT "${o}${e}" MATCHES ": ${want}")
        fail("${ARGN}: the runner did not say '${want}':\n${o}${e}")
        set(failures "${failures}" PARENT_SCOPE)
    endif()
endfunction()

# The "best before this run" the demo printed, or "" when it printed none.
function(best_before var)
    set(found "")
    if(out MATCHES "best before this run ([0-9]+) \\(kept in ([^)]*)\\)")
        set(found "${CMAKE_MATCH_1}")
        set(kept "${CMAKE_MATCH_2}" PARENT_SCOPE)
    endif()
    set(${var} "${found}" PARENT_SCOPE)
endfunction()

# 1. The first run: nothing kept yet, then its score is.
run_demo("${WORK}/data" --check)
best_before(was)
if(NOT rc EQUAL 0 OR NOT was STREQUAL "0" OR NOT kept STREQUAL "${best}")
    fail("first run: exit ${rc}, best before '${was}' kept in '${kept}' (want 0 in ${best}):\n${out}")
endif()
if(NOT out MATCHES "score ([0-9]+), lives")
    fail("first run: no score printed:\n${out}")
endif()
set(score "${CMAKE_MATCH_1}")
if(NOT EXISTS "${best}")
    fail("first run: ${best} was not written:\n${out}")
else()
    file(READ "${best}" text)
    if(NOT score GREATER 0 OR NOT text STREQUAL "${score}\n")
        fail("first run scored ${score}; ${best} holds '${text}'")
    endif()
endif()

# 2. A short run (2 frames, score 0) finds it.
run_demo("${WORK}/data" --frames 2)
best_before(was)
if(NOT rc EQUAL 0 OR NOT was STREQUAL "${score}")
    fail("second run: exit ${rc}, best before '${was}' (want ${score}):\n${out}")
endif()

# 3. A better best is not lowered by the scripted run's score.
math(EXPR higher "${score} * 10 + 1")
file(WRITE "${best}" "${higher}\n")
run_demo("${WORK}/data" --check)
best_before(was)
file(READ "${best}" text)
if(NOT rc EQUAL 0 OR NOT was STREQUAL "${higher}" OR NOT text STREQUAL "${higher}\n")
    fail("a higher best: exit ${rc}, best before '${was}', file '${text}' (want ${higher}):\n${out}")
endif()

# 4. A file that holds no number counts as no best.
file(WRITE "${best}" "not a number\n")
run_demo("${WORK}/data" --frames 2)
best_before(was)
if(NOT rc EQUAL 0 OR NOT was STREQUAL "0")
    fail("a file of no number: exit ${rc}, best before '${was}' (want 0):\n${out}")
endif()

# 5. No folder for the save: said, and the game goes on.
file(WRITE "${WORK}/not_a_folder" "")
run_demo("${WORK}/not_a_folder" --frames 2)
best_before(was)
if(NOT rc EQUAL 0 OR NOT was STREQUAL "0" OR NOT kept STREQUAL "nowhere" OR
   NOT out MATCHES "akgl_demo: no folder to keep the best score in: ")
    fail("no folder: exit ${rc}, best before '${was}' kept in '${kept}':\n${out}")
endif()

if(failures GREATER 0)
    message(FATAL_ERROR "demo_save: ${failures} check(s) failed")
endif()
message(STATUS "demo_save: the best score ${score} kept, found, not lowered; bad saves refused")
