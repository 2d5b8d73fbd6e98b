# cmake -DROOT=<source tree> -P check_docs.cmake
#
# The docs stay true (the test akgl_docs):
#  1. every relative Markdown link in README.md and docs/*.md, [text](target)
#     with an optional #anchor, names a file that exists;
#  2. every "chapter N" mention (also "chapters N and M", "chapters N, M or K",
#     across a line break) names a chapter that exists: a file docs/NN-*.md;
#  3. docs/README.md's table links every chapter file.
#
# A chapter that is planned and mentioned before its page lands goes in
# PENDING_CHAPTERS below, with a comment saying whose it is; the test passes
# for it until the page exists and then ignores the entry. Keep the list
# short-lived: an entry is a promise.
set(PENDING_CHAPTERS
    # (none: tilemaps 07, text 17, sound 18 and reliability 19 are mentioned
    #  nowhere until their pages land with their branches)
)

cmake_minimum_required(VERSION 3.20)

if(NOT DEFINED ROOT)
    message(FATAL_ERROR "check_docs.cmake: -DROOT=<source tree> is required")
endif()

file(GLOB chapters RELATIVE ${ROOT}/docs ${ROOT}/docs/[0-9][0-9]-*.md)
list(SORT chapters)
set(numbers)
foreach(c IN LISTS chapters)
    string(SUBSTRING "${c}" 0 2 nn)
    math(EXPR nn "${nn}") # "05" -> 5
    list(APPEND numbers ${nn})
endforeach()

string(JOIN ", " chapter_list ${chapters})

file(GLOB pages ${ROOT}/docs/*.md)
list(SORT pages)
list(PREPEND pages ${ROOT}/README.md)

set(failures 0)
macro(fail)
    message(SEND_ERROR ${ARGN})
    math(EXPR failures "${failures} + 1")
endmacro()

foreach(page IN LISTS pages)
    file(RELATIVE_PATH rel ${ROOT} ${page})
    get_filename_component(dir ${page} DIRECTORY)
    file(READ ${page} text)
    # Fenced blocks are examples, not prose: drop them before looking.
    set(prose "")
    set(rest "\n${text}")
    while(TRUE)
        string(FIND "${rest}" "\n```" open)
        if(open EQUAL -1)
            string(APPEND prose "${rest}")
            break()
        endif()
        string(SUBSTRING "${rest}" 0 ${open} keep)
        string(APPEND prose "${keep}")
        math(EXPR open "${open} + 4")
        string(SUBSTRING "${rest}" ${open} -1 rest)
        string(FIND "${rest}" "\n```" close)
        if(close EQUAL -1)
            fail("${rel}: a fenced block is never closed")
            break()
        endif()
        math(EXPR close "${close} + 4")
        string(SUBSTRING "${rest}" ${close} -1 rest)
    endwhile()
    # One line of prose, so that a mention split by a line break is one.
    string(REPLACE "\n" " " prose "${prose}")

    # 1. Links.
    # (A "]" would stop CMake splitting the list of matches: say LINK instead.)
    string(REPLACE "](" " LINK(" marked "${prose}")
    string(REGEX MATCHALL " LINK\\([^) ]+\\)" links "${marked}")
    foreach(link IN LISTS links)
        string(REGEX REPLACE "^ LINK\\(([^)#]*)(#[^)]*)?\\)$" "\\1" target "${link}")
        if(target STREQUAL "" OR target MATCHES "^[a-z]+:")
            continue() # an anchor in the page, or a URL
        endif()
        if(NOT EXISTS "${dir}/${target}")
            fail("${rel}: a link names ${target}, which does not exist")
        endif()
    endforeach()

    # 2. "chapter N" mentions.
    string(REGEX MATCHALL
        "[Cc]hapters? +[0-9]+(( *, *| +and +| +or +| +to +)[0-9]+)*" mentions "${prose}")
    foreach(mention IN LISTS mentions)
        string(REGEX MATCHALL "[0-9]+" ns "${mention}")
        foreach(n IN LISTS ns)
            math(EXPR n "${n}")
            if(n IN_LIST numbers)
                continue()
            endif()
            if(n IN_LIST PENDING_CHAPTERS)
                message(STATUS "${rel}: \"${mention}\": chapter ${n} is pending")
                continue()
            endif()
            fail("${rel}: \"${mention}\" names chapter ${n}; there is no such page (the chapters are ${chapter_list})")
        endforeach()
    endforeach()
endforeach()

# 3. The index.
file(READ ${ROOT}/docs/README.md index)
foreach(c IN LISTS chapters)
    string(FIND "${index}" "](${c})" at)
    if(at EQUAL -1)
        fail("docs/README.md does not list ${c}")
    endif()
endforeach()

list(LENGTH chapters nchapters)
if(failures GREATER 0)
    message(FATAL_ERROR "${failures} problem(s) in the docs")
endif()
message(STATUS "docs: ${nchapters} chapters, every link, mention and index entry checks out")
