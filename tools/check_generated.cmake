# cmake -DTOOL=<generator> [-DARGS=<arguments>] -DOUT=<scratch dir>
#       -DCOMMITTED=<dir>[;<dir>...] -DTARGET=<target that regenerates them>
#       [-DMKDIRS=<subdirs>] [-DMIN_FILES=<n>] [-DEMULATOR=<program>[;<args>]]
#       -P check_generated.cmake
#
# For a generator run as `TOOL [ARGS] DIR...`, one output directory for each
# entry of COMMITTED: runs it twice into scratch directories and fails unless
# both runs wrote the same bytes (determinism) and every file written is
# committed, byte for byte, in the matching COMMITTED directory (freshness).
# The list of files is what the generator wrote, so a new output is checked
# the day it is added.
#
# MKDIRS are made in every scratch output directory first, for a generator
# that writes into subdirectories it expects to find. MIN_FILES (default 1) is
# the fewest files the generator may write in all: one that stops writing most
# of its output would otherwise pass with what is left.
#
# EMULATOR runs TOOL when it is built for another machine (the build's
# CMAKE_CROSSCOMPILING_EMULATOR: Wine for Windows): a script's
# execute_process, unlike add_test, does not add it by itself. Empty for a
# native build.
#
# tools/CMakeLists.txt adds these tests with akgl_add_generated_test.
foreach(var TOOL OUT COMMITTED TARGET)
    if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
        message(FATAL_ERROR "check_generated.cmake: -D${var}=... is required")
    endif()
endforeach()
if(NOT DEFINED MIN_FILES OR "${MIN_FILES}" STREQUAL "")
    set(MIN_FILES 1)
endif()

# Sets `var` to what is wrong with one written file: run a's copy against run
# b's (determinism), then against the committed one (freshness); "" when
# nothing is.
function(generated_file_problem var a_file b_file committed_file)
    set(problem "")
    file(SHA256 "${a_file}" a)
    if(NOT EXISTS "${b_file}")
        set(problem "written by one run only: the generator is not deterministic")
    else()
        file(SHA256 "${b_file}" b)
        if(NOT a STREQUAL b)
            set(problem "two runs wrote different bytes: the generator is not deterministic")
        elseif(NOT EXISTS "${committed_file}")
            set(problem "missing: build the ${TARGET} target and commit it")
        else()
            file(SHA256 "${committed_file}" c)
            if(NOT a STREQUAL c)
                set(problem "differs from what ${TOOL} writes: build the ${TARGET} target and commit the result")
            endif()
        endif()
    endif()
    set(${var} "${problem}" PARENT_SCOPE)
endfunction()

list(LENGTH COMMITTED ndirs)
math(EXPR last "${ndirs} - 1")

file(REMOVE_RECURSE "${OUT}")
foreach(run a b)
    set(dirs "")
    foreach(i RANGE ${last})
        file(MAKE_DIRECTORY "${OUT}/${run}/${i}")
        foreach(sub IN LISTS MKDIRS)
            file(MAKE_DIRECTORY "${OUT}/${run}/${i}/${sub}")
        endforeach()
        list(APPEND dirs "${OUT}/${run}/${i}")
    endforeach()
    execute_process(COMMAND ${EMULATOR} "${TOOL}" ${ARGS} ${dirs} RESULT_VARIABLE rc OUTPUT_QUIET)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${TOOL} failed (${rc})")
    endif()
endforeach()

set(count 0)
set(failures 0)
foreach(i RANGE ${last})
    list(GET COMMITTED ${i} committed)
    set(a_dir "${OUT}/a/${i}")
    set(b_dir "${OUT}/b/${i}")
    file(GLOB_RECURSE written RELATIVE "${a_dir}" "${a_dir}/*")
    list(SORT written)
    list(LENGTH written n)
    math(EXPR count "${count} + ${n}")
    foreach(f IN LISTS written)
        generated_file_problem(problem "${a_dir}/${f}" "${b_dir}/${f}" "${committed}/${f}")
        if(NOT problem STREQUAL "")
            message(SEND_ERROR "${committed}/${f}: ${problem}")
            math(EXPR failures "${failures} + 1")
        else()
            message(STATUS "ok   ${committed}/${f}")
        endif()
    endforeach()
endforeach()
if(count LESS MIN_FILES)
    message(FATAL_ERROR "${TOOL} wrote ${count} file(s); it writes at least ${MIN_FILES}")
endif()
if(failures GREATER 0)
    message(FATAL_ERROR "${failures} of ${count} file(s) not up to date")
endif()
message(STATUS "${count} file(s) deterministic and up to date")
