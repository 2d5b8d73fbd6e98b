# cmake -DLAYERS=<akgl_layers> -DNM=<nm> -DROOT=<repo>
#       -DREAL_OBJECTS=<a.o;b.o;...> -DPLANTED_OBJECTS=<...> -DCLEAN_OBJECTS=<...>
#       -P check_layers_selftest.cmake
#
# Proves the layer check can fail, and can pass, whatever state the real tree
# is in:
#   1. the real table and objects plus the planted files of tests/layers/,
#      put in the memory layer with --extra: exit 1, and each planted
#      violation reported (an upward call, an upward include, a circle of
#      calls, a circle of includes); the includes inside comments are not;
#   2. the synthetic tree of tests/layers/clean/ in proper order: exit 0;
#   3. the same tree upside down: exit 1, the upward call and include;
#   4. a broken table for it: exit 1, each table error.
# Exit 1 is asked for, not just "non-zero": 2 is the checker failing to run.
foreach(var LAYERS NM ROOT REAL_OBJECTS PLANTED_OBJECTS CLEAN_OBJECTS)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "check_layers_selftest.cmake: -D${var}=... is required")
    endif()
endforeach()

set(failures 0)

# run(<name> <expected exit> <args>...): runs the checker, keeps its output in
# out_<name>.
function(run name expected)
    execute_process(COMMAND "${LAYERS}" --nm "${NM}" ${ARGN}
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    set(out_${name} "${out}" PARENT_SCOPE)
    if(NOT rc STREQUAL "${expected}")
        message(SEND_ERROR "${name}: akgl_layers exited ${rc}, expected ${expected}\n${out}${err}")
        math(EXPR failures "${failures} + 1")
        set(failures ${failures} PARENT_SCOPE)
    endif()
endfunction()

# expect(<name> <line>): the run's output has that text.
function(expect name text)
    string(FIND "${out_${name}}" "${text}" at)
    if(at EQUAL -1)
        message(SEND_ERROR "${name}: expected in the output: ${text}\n--- output:\n${out_${name}}")
        math(EXPR failures "${failures} + 1")
        set(failures ${failures} PARENT_SCOPE)
    endif()
endfunction()

function(expect_not name text)
    string(FIND "${out_${name}}" "${text}" at)
    if(NOT at EQUAL -1)
        message(SEND_ERROR "${name}: not expected in the output: ${text}")
        math(EXPR failures "${failures} + 1")
        set(failures ${failures} PARENT_SCOPE)
    endif()
endfunction()

# 1. The planted violations among the real files.
set(planted)
foreach(f upward_call.c upward_call.h upward_include.h circle.h circle_a.c circle_b.c
        loop_a.h loop_b.h)
    list(APPEND planted --extra tests/layers/${f}=memory)
endforeach()
run(planted 1 --table "${ROOT}/src/layers.txt" --root "${ROOT}" ${planted}
    -- ${REAL_OBJECTS} ${PLANTED_OBJECTS})
expect(planted "layers: tests/layers/upward_call.c (memory) uses akgl_actor_update, defined in src/akgl/actor.c (world)\n")
expect(planted "layers: tests/layers/upward_include.h (memory) includes include/akgl/game.h (game), line ")
expect(planted "layers: circle of 2 files: tests/layers/circle_a.c -> tests/layers/circle_b.c -> tests/layers/circle_a.c\n")
expect(planted "layers: circle of 2 files: tests/layers/loop_a.h -> tests/layers/loop_b.h -> tests/layers/loop_a.h\n")
expect_not(planted "tests/layers/upward_include.h (memory) includes include/akgl/app.h")
expect_not(planted "tests/layers/upward_include.h (memory) includes include/akgl/controller.h")
expect_not(planted "tests/layers/upward_call.c (memory) includes")

# 2-4. The synthetic tree, on its own.
set(clean_root "${ROOT}/tests/layers/clean")
run(clean 0 --table "${clean_root}/layers.txt" --root "${clean_root}" -- ${CLEAN_OBJECTS})
expect(clean "layers: 4 files, 2 objects, 4 arrows, 0 upward, 0 circles, 0 table errors: clean\n")

run(swapped 1 --table "${clean_root}/swapped.txt" --root "${clean_root}" -- ${CLEAN_OBJECTS})
expect(swapped "layers: src/high.c (high) uses akgl_layers_low_value, defined in src/low.c (low)\n")
expect(swapped "layers: src/high.c (high) includes src/low.h (low), line 2\n")
expect(swapped "layers: 4 files, 2 objects, 4 arrows, 2 upward, 0 circles, 0 table errors: FAILED\n")

run(bad 1 --table "${clean_root}/bad.txt" --root "${clean_root}" -- ${CLEAN_OBJECTS})
expect(bad "bad.txt:6: src/low.c is listed twice (first on line 5)\n")
expect(bad "bad.txt:9: src/gone.c is listed but does not exist\n")
expect(bad "layers: src/high.c is not in ")

if(failures GREATER 0)
    message(FATAL_ERROR "akgl_layers self-test: ${failures} failure(s)")
endif()
message(STATUS "akgl_layers self-test: the planted violations, the clean tree, the swapped tree and the broken table all reported as expected")
