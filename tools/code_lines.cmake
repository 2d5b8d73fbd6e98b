# cmake -DFILE=<file.c> [-DLIMIT=N] -P code_lines.cmake
#
# Counts a C file's code lines as the docs do (chapters 22 and 23): lines
# that are neither blank nor only comment. With LIMIT, fails when the count
# is LIMIT or more (the platformer's bar: under 150).
if(NOT DEFINED FILE)
    message(FATAL_ERROR "code_lines.cmake: -DFILE=... is required")
endif()
file(READ "${FILE}" text)
# Block comments (a comment's lines go with it), then line comments. The
# files counted have no comment markers inside strings.
string(REGEX REPLACE "/\\*([^*]|\\*+[^*/])*\\*+/" "" text "${text}")
string(REGEX REPLACE "//[^\n]*" "" text "${text}")
string(REGEX REPLACE "[ \t\r]+" "" text "${text}")
string(REGEX REPLACE "\n+" "\n" text "${text}")
string(REGEX REPLACE "^\n" "" text "${text}")
string(REGEX MATCHALL "\n" lines "${text}")
list(LENGTH lines count)
message(STATUS "${FILE}: ${count} code lines")
if(DEFINED LIMIT AND NOT count LESS LIMIT)
    message(FATAL_ERROR "${FILE}: ${count} code lines; the limit is under ${LIMIT}")
endif()
