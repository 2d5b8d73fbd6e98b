# cmake -DMKASSETS=<akgl_mkassets> -DOUT=<scratch dir> -DTESTS_ASSETS=<dir>
#       -DDEMO_ASSETS=<dir> -P check_assets.cmake
#
# Runs the generator twice into scratch directories and fails unless both
# runs wrote the same bytes (determinism) and those bytes are the committed
# files (freshness).
foreach(var MKASSETS OUT TESTS_ASSETS DEMO_ASSETS)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "check_assets.cmake: -D${var}=... is required")
    endif()
endforeach()

set(tests_files sheet_192x96_48.png sheet_64x64_16.png tiles_32x32_8.png)
set(demo_files hero.png)

file(REMOVE_RECURSE "${OUT}")
foreach(run a b)
    file(MAKE_DIRECTORY "${OUT}/${run}/tests" "${OUT}/${run}/demo")
    execute_process(COMMAND "${MKASSETS}" "${OUT}/${run}/tests" "${OUT}/${run}/demo"
        RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "akgl_mkassets failed (${rc})")
    endif()
endforeach()

set(failures 0)
foreach(kind tests demo)
    if(kind STREQUAL "tests")
        set(committed "${TESTS_ASSETS}")
    else()
        set(committed "${DEMO_ASSETS}")
    endif()
    foreach(f IN LISTS ${kind}_files)
        file(SHA256 "${OUT}/a/${kind}/${f}" a)
        file(SHA256 "${OUT}/b/${kind}/${f}" b)
        if(NOT a STREQUAL b)
            message(SEND_ERROR "${f}: two runs wrote different bytes: the generator is not deterministic")
            math(EXPR failures "${failures} + 1")
            continue()
        endif()
        if(NOT EXISTS "${committed}/${f}")
            message(SEND_ERROR "${committed}/${f} is missing: build the akgl_assets target and commit it")
            math(EXPR failures "${failures} + 1")
            continue()
        endif()
        file(SHA256 "${committed}/${f}" c)
        if(NOT a STREQUAL c)
            message(SEND_ERROR "${committed}/${f} differs from what akgl_mkassets writes: "
                "build the akgl_assets target and commit the result")
            math(EXPR failures "${failures} + 1")
            continue()
        endif()
        message(STATUS "ok   ${f} ${a}")
    endforeach()
endforeach()
if(failures GREATER 0)
    message(FATAL_ERROR "${failures} asset(s) not up to date")
endif()
