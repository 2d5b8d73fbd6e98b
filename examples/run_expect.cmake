# cmake -DPROGRAM=<example> -DFRAMES=N -DSCREENSHOT=OUT.png -DEXPECT=<regex>
#       [-DEMULATOR=<program>[;<args>]] -P run_expect.cmake
#
# Runs an example headless for FRAMES frames and fails unless it exits 0 and
# what it printed (stdout and stderr together) matches EXPECT: a test of what
# the run did, not only that it ran.
foreach(var PROGRAM FRAMES SCREENSHOT EXPECT)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "run_expect.cmake: -D${var}=... is required")
    endif()
endforeach()
set(assets_args "")
if(ASSETS) # where the program finds its assets, when not beside it (the web)
    set(assets_args --assets ${ASSETS})
endif()
execute_process(COMMAND ${EMULATOR} ${PROGRAM} ${assets_args} --frames ${FRAMES}
    --screenshot ${SCREENSHOT}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} exited with ${rc}:\n${out}")
endif()
if(NOT out MATCHES "${EXPECT}")
    message(FATAL_ERROR "${PROGRAM}: its output does not match \"${EXPECT}\":\n${out}")
endif()
message(STATUS "${PROGRAM}: matched \"${EXPECT}\"")
