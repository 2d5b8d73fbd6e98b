# Included by tests/akgl/CMakeLists.txt: the docs stay true.
#
# 1. Every ```c block of docs/*.md and README.md is compiled, as part of the
#    build, by the object library akgl_doc_examples. The convention (docs/README.md
#    states it for writers): the line just before the opening fence says how.
#
#      (no marker)                          the block is a whole translation unit:
#                                           compiled after every public header
#      <!-- akgl-example: body -->          the block is statements: compiled as
#                                           the body of a function that has an
#                                           `errctx` (PREPARE_ERROR) and returns
#                                           akerr_ErrorContext *
#      <!-- akgl-example: fragment -->      a piece that cannot compile alone (an
#                                           excerpt of a header, code with `...`
#                                           elisions, names the page leaves out):
#                                           not compiled, and marked so on purpose
#      <!-- akgl-example: program NAME -->  a whole program, exactly as written
#                                           (no prelude): built as akgl_doc_NAME
#                                           and run headless by the test of that
#                                           name (below)
#
#    Blocks are copied out at configure time (a changed page re-runs the
#    configure step) with a #line directive, so a compiler error names the
#    page and the line of the page.
# 2. The test akgl_docs (tools/check_docs.cmake) checks the links, the
#    "chapter N" mentions and the index of docs/README.md.

set(AKGL_DOC_PAGES ${PROJECT_SOURCE_DIR}/README.md)
file(GLOB doc_pages ${PROJECT_SOURCE_DIR}/docs/*.md)
list(SORT doc_pages)
list(APPEND AKGL_DOC_PAGES ${doc_pages})
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${AKGL_DOC_PAGES})

set(doc_out ${CMAKE_CURRENT_BINARY_DIR}/doc_examples)
file(MAKE_DIRECTORY ${doc_out})
# The prelude: every public header (globbed, so a new header is in it the
# day it lands) and the libc headers the pages take for granted.
file(GLOB doc_headers RELATIVE ${PROJECT_SOURCE_DIR}/include
    ${PROJECT_SOURCE_DIR}/include/*.h ${PROJECT_SOURCE_DIR}/include/akgl/*.h)
list(SORT doc_headers)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/akgl)
set(prelude "/* Every public header, and the libc headers the pages take for granted. */\n")
foreach(h IN LISTS doc_headers)
    string(APPEND prelude "#include <${h}>\n")
endforeach()
foreach(h SDL3/SDL.h errno.h limits.h stdarg.h stdio.h stdlib.h string.h)
    string(APPEND prelude "#include <${h}>\n")
endforeach()
file(WRITE ${doc_out}/akgl_doc_prelude.h.new "${prelude}")
configure_file(${doc_out}/akgl_doc_prelude.h.new ${doc_out}/akgl_doc_prelude.h COPYONLY)

set(doc_sources)
set(doc_programs)
set(doc_fragments 0)
foreach(page IN LISTS AKGL_DOC_PAGES)
    file(READ ${page} text)
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${page})
    string(MAKE_C_IDENTIFIER "${rel}" stem)
    set(offset 0)
    set(n 0)
    while(TRUE)
        string(SUBSTRING "${text}" ${offset} -1 rest)
        string(FIND "${rest}" "\n```c\n" open)
        if(open EQUAL -1)
            break()
        endif()
        math(EXPR n "${n} + 1")
        # The line before the fence: its marker, if any.
        string(SUBSTRING "${rest}" 0 ${open} before)
        string(FIND "${before}" "\n" line_start REVERSE)
        math(EXPR line_start "${line_start} + 1")
        string(SUBSTRING "${before}" ${line_start} -1 marker)
        # The block: from after the fence to the closing fence.
        math(EXPR code_start "${open} + 6")
        string(SUBSTRING "${rest}" ${code_start} -1 after)
        string(FIND "${after}" "```\n" close)
        if(close EQUAL -1)
            message(FATAL_ERROR "${rel}: ```c block ${n} is never closed")
        endif()
        string(SUBSTRING "${after}" 0 ${close} code)
        math(EXPR offset "${offset} + ${code_start} + ${close}")
        # The page's line number of the block's first line.
        math(EXPR upto "${offset} - ${close}")
        string(SUBSTRING "${text}" 0 ${upto} head)
        string(REGEX MATCHALL "\n" newlines "${head}")
        list(LENGTH newlines line)
        math(EXPR line "${line} + 1")

        set(program "")
        if(marker MATCHES "^<!-- akgl-example: ([a-z]+)( [a-z0-9_]+)? -->$")
            set(kind ${CMAKE_MATCH_1})
            string(STRIP "${CMAKE_MATCH_2}" program)
            if(NOT kind MATCHES "^(body|fragment|program)$")
                message(FATAL_ERROR "${rel}:${line}: unknown marker \"${marker}\" "
                    "(akgl-example: body, fragment or program NAME)")
            endif()
            set(is_program NO)
            set(has_name NO)
            if(kind STREQUAL "program")
                set(is_program YES)
            endif()
            if(NOT program STREQUAL "")
                set(has_name YES)
            endif()
            if(NOT is_program STREQUAL has_name)
                message(FATAL_ERROR "${rel}:${line}: malformed marker \"${marker}\" "
                    "(a name goes with program, and only with it: akgl-example: program NAME)")
            endif()
        elseif(marker MATCHES "akgl-example")
            message(FATAL_ERROR "${rel}:${line}: malformed marker \"${marker}\"")
        else()
            set(kind unit)
        endif()
        if(kind STREQUAL "fragment")
            math(EXPR doc_fragments "${doc_fragments} + 1")
            continue()
        endif()
        set(src "/* ${rel}, ```c block ${n} (${kind}); generated by tests/akgl/docs.cmake */\n")
        if(kind STREQUAL "program")
            # Exactly the block: a whole program includes what it uses.
            string(APPEND src "#line ${line} \"${rel}\"\n${code}")
            set(file ${doc_out}/${stem}_${n}.c)
            file(WRITE ${file}.new "${src}")
            configure_file(${file}.new ${file} COPYONLY)
            list(APPEND doc_programs ${program})
            set(doc_program_${program} ${file})
            set(doc_program_${program}_where "${rel}:${line}")
            continue()
        endif()
        string(APPEND src "#include \"akgl_doc_prelude.h\"\n")
        if(kind STREQUAL "body")
            string(APPEND src "akerr_ErrorContext *akgl_doc_example_(void);\n")
            string(APPEND src "akerr_ErrorContext *akgl_doc_example_(void)\n{\n")
            string(APPEND src "    PREPARE_ERROR(errctx);\n")
            string(APPEND src "#line ${line} \"${rel}\"\n${code}")
            string(APPEND src "    SUCCEED_RETURN(errctx);\n}\n")
        else()
            string(APPEND src "#line ${line} \"${rel}\"\n${code}")
        endif()
        set(file ${doc_out}/${stem}_${n}.c)
        file(WRITE ${file}.new "${src}")
        configure_file(${file}.new ${file} COPYONLY)
        list(APPEND doc_sources ${file})
    endwhile()
endforeach()
list(LENGTH doc_sources doc_compiled)
message(STATUS "docs: ${doc_compiled} example(s) compiled, ${doc_fragments} marked as fragments")

add_library(akgl_doc_examples OBJECT ${doc_sources})
target_link_libraries(akgl_doc_examples PRIVATE akgl)
target_include_directories(akgl_doc_examples PRIVATE ${doc_out})
akgl_target_defaults(akgl_doc_examples)
# A page shows a piece of a program: what it declares and does not use, or
# defines without a prototype, is the reader's to use.
target_compile_options(akgl_doc_examples PRIVATE -Wno-missing-prototypes
    -Wno-unused-function -Wno-unused-parameter -Wno-unused-variable -Wno-unused-label
    -Wno-unused-but-set-variable)

# Each `program NAME` block is a whole program: built as the executable
# akgl_doc_NAME with the library's flags (nothing relaxed, no prelude) and
# run headless by the test of that name for 60 frames, on the gallery's assets
# (examples/assets), writing its last frame.
foreach(program IN LISTS doc_programs)
    if(TARGET akgl_doc_${program})
        message(FATAL_ERROR "${doc_program_${program}_where}: a second program named ${program}")
    endif()
    add_executable(akgl_doc_${program} ${doc_program_${program}})
    target_link_libraries(akgl_doc_${program} PRIVATE akgl)
    akgl_target_defaults(akgl_doc_${program})
    add_test(NAME akgl_doc_${program}
        COMMAND akgl_doc_${program} --frames 60 --assets ${PROJECT_SOURCE_DIR}/examples/assets
            --screenshot ${doc_out}/${program}.png)
    set_tests_properties(akgl_doc_${program} PROPERTIES TIMEOUT 120
        ENVIRONMENT "${AKGL_TEST_ENV}")
endforeach()
list(LENGTH doc_programs doc_nprograms)
message(STATUS "docs: ${doc_nprograms} whole program(s) built and run")

add_test(NAME akgl_docs
    COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR}
        -P ${PROJECT_SOURCE_DIR}/tools/check_docs.cmake)
set_tests_properties(akgl_docs PROPERTIES TIMEOUT 60)

# 3. The API reference builds from the headers without a single warning
#    (tools/docs.sh, docs/Doxyfile): every public name, parameter and return
#    value documented. Two seconds; CI also runs tools/docs.sh itself.
find_program(AKGL_DOXYGEN doxygen)
if(AKGL_DOXYGEN)
    add_test(NAME akgl_api_reference
        COMMAND ${PROJECT_SOURCE_DIR}/tools/docs.sh ${CMAKE_CURRENT_BINARY_DIR}/api-reference)
    set_tests_properties(akgl_api_reference PROPERTIES TIMEOUT 120)
else()
    message(STATUS "doxygen not found: the API reference test (akgl_api_reference) is not run")
endif()
