# The akgl-check suite (run by tests/akgl/check.cmake as `cmake -P`):
# every bad-input fixture of the loaders is reported, every good one and
# examples/assets pass, --json says the same as the text, usage errors exit 2.
#
# Inputs: CHECK (the tool), SOUNDGEN (tests/akgl/check_sounds.c), ASSETS
# (tests/assets), EXAMPLES (examples/assets), WORK (a scratch folder: the
# sounds the banks name are written there and the tool runs in it), and
# EMULATOR, what runs the two programs when they are built for another
# machine (CMAKE_CROSSCOMPILING_EMULATOR: Wine for Windows; empty natively).
#
# The good fixtures are listed; every other file of a fixture folder is a bad
# one, so a bad fixture added later is checked without touching this file.
cmake_minimum_required(VERSION 3.25)
foreach(var CHECK SOUNDGEN ASSETS EXAMPLES WORK)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "check_test.cmake: ${var} is not set")
    endif()
endforeach()

set(checked 0)
# A global count: fail() is also called inside check_one's function scope.
set_property(GLOBAL PROPERTY check_failures 0)
macro(fail msg)
    message(SEND_ERROR "${msg}")
    get_property(n_ GLOBAL PROPERTY check_failures)
    math(EXPR n_ "${n_} + 1")
    set_property(GLOBAL PROPERTY check_failures ${n_})
endmacro()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND ${EMULATOR} "${SOUNDGEN}" "${WORK}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "check_sounds could not write the sounds into ${WORK}")
endif()

# Text lines as a CMake list: a ';' or an unbalanced '[' or ']' in a message
# must not split or join list elements, so they are replaced first.
macro(escape_list var text)
    string(REPLACE ";" "<semicolon>" ${var} "${text}")
    string(REPLACE "[" "<lbracket>" ${var} "${${var}}")
    string(REPLACE "]" "<rbracket>" ${var} "${${var}}")
endmacro()

# The non-empty lines of `text` as a CMake list, escaped as above.
macro(text_lines var text)
    escape_list(${var} "${text}")
    string(REGEX MATCHALL "[^\n]+" ${var} "${${var}}")
endmacro()

# Runs akgl-check with ARGN in WORK; sets out, err and rc in the caller. A
# Windows build writes "\r\n" line ends (its C runtime's text mode), read
# here as "\n" so that the lines compare with the JSON's.
function(run_check)
    execute_process(COMMAND ${EMULATOR} "${CHECK}" ${ARGN} WORKING_DIRECTORY "${WORK}"
        OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE r)
    string(REPLACE "\r\n" "\n" o "${o}")
    string(REPLACE "\r\n" "\n" e "${e}")
    set(out "${o}" PARENT_SCOPE)
    set(err "${e}" PARENT_SCOPE)
    set(rc "${r}" PARENT_SCOPE)
endfunction()

# The --json run against the text run of the same arguments: the same exit,
# one array, as many entries as text lines, each entry (formatted as the text
# formats it) one of the lines. `label` names the run in failures.
function(same_report label jout jrc out rc ctx)
    if(NOT jrc EQUAL rc)
        fail("${label}: --json exits ${jrc}, the text run ${rc}. ${jout}")
        return()
    endif()
    string(JSON n ERROR_VARIABLE jsonerr LENGTH "${jout}")
    if(jsonerr)
        fail("${label}: --json output does not parse (${jsonerr}): ${jout}")
        return()
    endif()
    text_lines(lines "${out}")
    list(LENGTH lines nlines)
    if(NOT n EQUAL nlines)
        fail("${label}: --json has ${n} problems, the text ${nlines}. ${jout} ${ctx}")
        return()
    endif()
    if(n GREATER 0)
        math(EXPR last "${n} - 1")
        foreach(i RANGE ${last})
            string(JSON f GET "${jout}" ${i} file)
            string(JSON ltype TYPE "${jout}" ${i} line)
            string(JSON sname GET "${jout}" ${i} status_name)
            # The text says "AKERR_KEY (Key error)"; a status without a
            # macro name (status_symbol null) its text alone.
            string(JSON stype TYPE "${jout}" ${i} status_symbol)
            if(NOT stype STREQUAL "NULL")
                string(JSON ssym GET "${jout}" ${i} status_symbol)
                set(sname "${ssym} (${sname})")
            endif()
            string(JSON status GET "${jout}" ${i} status)
            string(JSON msg GET "${jout}" ${i} message)
            if(ltype STREQUAL "NULL")
                set(line "${f}: ${sname}: ${msg}")
            else()
                string(JSON l GET "${jout}" ${i} line)
                string(JSON c GET "${jout}" ${i} column)
                set(line "${f}:${l}:${c}: ${sname}: ${msg}")
            endif()
            escape_list(line "${line}")
            list(FIND lines "${line}" found)
            if(found EQUAL -1 OR NOT status GREATER 0)
                fail("${label}: --json entry ${i} is not a text line: '${line}' (status ${status}). ${ctx}")
            endif()
        endforeach()
    endif()
endfunction()

# Runs akgl-check with ARGN twice (text, then --json) and checks that
# `file` is reported (bad) or that nothing is (good).
function(check_one what file)
    set(args ${ARGN})
    run_check(--json ${args})
    set(jout "${out}")
    set(jrc "${rc}")
    run_check(${args})
    set(ctx "akgl-check ${args}:\n${out}${err}")
    if(what STREQUAL "good")
        if(NOT rc EQUAL 0 OR NOT out STREQUAL "")
            fail("good ${file}: exit ${rc}, expected 0 and no output. ${ctx}")
        endif()
    else()
        string(FIND "\n${out}" "\n${file}:" at)
        if(NOT rc EQUAL 1)
            fail("bad ${file}: exit ${rc}, expected 1. ${ctx}")
        elseif(at EQUAL -1)
            fail("bad ${file}: no line names the file. ${ctx}")
        endif()
    endif()
    same_report("${file}" "${jout}" "${jrc}" "${out}" "${rc}" "${ctx}")
endfunction()

# Checks FILES in one run of `akgl-check --each`, text and --json, with ARGS
# before them (--kind, --with): each file in GOOD must have no line, each
# other file at least one, and every line must name one of FILES; the exit
# is 1 when any file is bad. --each checks every file in an akgl of its own,
# so this is what one run per file would say, in two program starts instead
# of two per file (under Wine each start is a second or more).
function(check_each)
    cmake_parse_arguments(E "" "" "GOOD;FILES;ARGS" ${ARGN})
    run_check(--json --each ${E_ARGS} ${E_FILES})
    set(jout "${out}")
    set(jrc "${rc}")
    run_check(--each ${E_ARGS} ${E_FILES})
    list(LENGTH E_FILES nfiles)
    set(label "akgl-check --each ${E_ARGS} (${nfiles} files)")
    set(ctx "${label}:\n${out}${err}")
    set(want 0)
    foreach(file IN LISTS E_FILES)
        string(FIND "\n${out}" "\n${file}:" at)
        if(file IN_LIST E_GOOD)
            if(NOT at EQUAL -1)
                fail("good ${file} is reported. ${ctx}")
            endif()
        else()
            set(want 1)
            if(at EQUAL -1)
                fail("bad ${file}: no line names the file. ${ctx}")
            endif()
        endif()
    endforeach()
    if(NOT rc EQUAL want)
        fail("${label}: exit ${rc}, expected ${want}. ${ctx}")
    endif()
    text_lines(lines "${out}")
    foreach(line IN LISTS lines)
        set(owned FALSE)
        foreach(file IN LISTS E_FILES)
            string(FIND "${line}" "${file}:" at)
            if(at EQUAL 0)
                set(owned TRUE)
                break()
            endif()
        endforeach()
        if(NOT owned)
            fail("${label}: a line names none of the files: '${line}'. ${ctx}")
        endif()
    endforeach()
    same_report("${label}" "${jout}" "${jrc}" "${out}" "${rc}" "${ctx}")
endfunction()

# Each fixture folder: its kind, the good files, and what must be loaded first.
set(hero_sprites
    "${ASSETS}/sprites/hero_standing_left.json"
    "${ASSETS}/sprites/hero_walking_left.json"
    "${ASSETS}/sprites/hero_standing_down.json")
set(good_sprites frame_0 frame_255 frames_16 height_1 hero_standing_down hero_standing_left
    hero_walking_left name_127 speed_0 speed_4294 width_1)
set(good_characters empty_state hero high_bits ignored_keys inline_empty inline_hero
    inline_mixed name_127 rebind same_sprite_twice settings speedtime_0)
set(good_input good)
set(good_properties good empty_properties override)
set(good_sound bank)
set(good_particles fire sparks_sprite image_look)

foreach(spec sprites:sprite characters:character input:controller properties:properties
             sound:sounds particles:emitter)
    string(REPLACE ":" ";" spec "${spec}")
    list(GET spec 0 dir)
    list(GET spec 1 kind)
    set(args)
    if(dir STREQUAL "characters" OR dir STREQUAL "particles")
        foreach(sprite IN LISTS hero_sprites)   # the sprites these fixtures name
            list(APPEND args --with "${sprite}")
        endforeach()
    endif()
    file(GLOB files "${ASSETS}/${dir}/*.json")
    set(good)
    foreach(stem IN LISTS good_${dir})
        list(APPEND good "${ASSETS}/${dir}/${stem}.json")
    endforeach()
    check_each(GOOD ${good} FILES ${files} ARGS ${args} --kind ${kind})
    list(LENGTH files n)
    math(EXPR checked "${checked} + ${n}")
endforeach()

# Tilemaps, both of Tiled's formats and LDtk's projects (every level of
# one), kinds by extension: bad/ and ldtk/bad/ hold the bad maps (bad/'s
# tilesets, sub/, are read through them); every other map is good.
file(GLOB_RECURSE maps "${ASSETS}/tilemaps/*.tmj" "${ASSETS}/tilemaps/*.tmx"
    "${ASSETS}/tilemaps/*.ldtk")
set(good)
foreach(file IN LISTS maps)
    if(NOT file MATCHES "/tilemaps/bad/" AND NOT file MATCHES "/tilemaps/ldtk/bad/")
        list(APPEND good "${file}")
    endif()
endforeach()
check_each(GOOD ${good} FILES ${maps})
list(LENGTH maps n)
math(EXPR checked "${checked} + ${n}")

# json/: jansson's refusals through the kind sniffing (types.json is valid
# JSON of no akgl kind, which is reported too).
file(GLOB files "${ASSETS}/json/*.json")
check_each(FILES ${files})
list(LENGTH files n)
math(EXPR checked "${checked} + ${n}")

# Folders: the demo's assets and loop/ pass as a whole, kinds sniffed,
# sprites loaded before the characters that name them.
check_one(good "${EXAMPLES}" "${EXAMPLES}")
check_one(good "${ASSETS}/loop" "${ASSETS}/loop")
# A character alone does not find its sprites, and says so; named with
# them (in any order) it loads.
check_one(bad "${ASSETS}/characters/hero.json" "${ASSETS}/characters/hero.json")
check_one(good "${ASSETS}/characters/hero.json" "${ASSETS}/characters/hero.json" ${hero_sprites})
# --each: a file is checked alone. One sprite named twice is one sprite
# registered twice when everything stays loaded, and no problem file by file.
set(sprite "${ASSETS}/sprites/frame_0.json")
check_one(bad "${sprite}" "${sprite}" "${sprite}")
check_one(good "${sprite}" --each "${sprite}" "${sprite}")
# The character is not loaded after a sprite that is only checked beside it,
# and is after the --with files (without them the sprite is not loaded).
check_one(bad "${ASSETS}/characters/hero.json" --each ${hero_sprites}
    "${ASSETS}/characters/hero.json")
set(with)
foreach(file IN LISTS hero_sprites)
    list(APPEND with --with "${file}")
endforeach()
check_one(good "${ASSETS}/characters/hero.json" --each ${with} "${ASSETS}/characters/hero.json")
# A bad --with file is reported once, however many files are checked after it.
run_check(--each --with "${ASSETS}/sprites/not_json.json" "${sprite}" "${sprite}" "${sprite}")
string(REGEX MATCHALL "not_json.json:" once "${out}")
list(LENGTH once n)
if(NOT rc EQUAL 1 OR NOT n EQUAL 1)
    fail("a bad --with file: exit ${rc}, ${n} lines, expected 1 and 1:\n${out}${err}")
endif()
# Without --each, --with names a file like any other.
check_one(good "${ASSETS}/characters/hero.json" ${with} "${ASSETS}/characters/hero.json")
# A folder keeps going after the first problem: every bad map is reported.
run_check("${ASSETS}/tilemaps/bad")
file(GLOB bad_maps "${ASSETS}/tilemaps/bad/*.tmj" "${ASSETS}/tilemaps/bad/*.tmx")
list(LENGTH bad_maps nbad)
text_lines(lines "${out}")
list(LENGTH lines nlines)
if(NOT rc EQUAL 1 OR NOT nlines EQUAL nbad)
    fail("tilemaps/bad as a folder: exit ${rc}, ${nlines} lines for ${nbad} maps:\n${out}${err}")
endif()
# A Tiled JSON map under a .json name is recognised by its "type": "map" (a
# link, so the map's relative tileset and image paths still resolve).
file(CREATE_LINK "${ASSETS}/tilemaps/features.tmj" "${WORK}/features.json" SYMBOLIC)
check_one(good "${WORK}/features.json" "${WORK}/features.json")
file(CREATE_LINK "${ASSETS}/tilemaps/bad/gid_past.tmj" "${WORK}/gid_past.json" SYMBOLIC)
check_one(bad "${WORK}/gid_past.json" "${WORK}/gid_past.json")
# An emitter is recognised by its "life" and "color_start" keys.
check_one(good "${ASSETS}/particles/fire.json" "${ASSETS}/particles/fire.json")
# Aseprite sheet data is recognised by its "frames" and "meta" keys; every
# file of aseprite/bad/ is reported, and a character naming tags loads with
# the Aseprite file it names (in any order: sprites load first).
foreach(stem hero runner trimmed notags)
    check_one(good "${ASSETS}/aseprite/${stem}.json" "${ASSETS}/aseprite/${stem}.json")
endforeach()
check_one(good "${ASSETS}/aseprite/knight.json" "${ASSETS}/aseprite/knight.json"
    "${ASSETS}/aseprite/hero.json")
file(GLOB files "${ASSETS}/aseprite/bad/*.json")
check_each(FILES ${files})
check_one(bad "${ASSETS}/aseprite/bad/rotated.json" --kind aseprite
    "${ASSETS}/aseprite/bad/rotated.json")
# A missing file is reported by the loader, with its errno status.
check_one(bad "${WORK}/nothere.json" "${WORK}/nothere.json")

# The status is shown by its macro name and its text: akerror's own status,
# an errno value, and akgl's (a sprite with a second name registered).
foreach(case "sprites/not_json.json|:5:1: AKERR_FORMAT (Format error): "
             "characters/hero.json|: AKERR_NULLPOINTER (Null pointer): "
             "nothere.json|: ENOENT (No such file or directory): ")
    string(REPLACE "|" ";" case "${case}")
    list(GET case 0 rel)
    list(GET case 1 want)
    if(rel STREQUAL "nothere.json")
        set(path "${WORK}/${rel}")
    else()
        set(path "${ASSETS}/${rel}")
    endif()
    run_check("${path}")
    string(FIND "${out}" "${path}${want}" at)
    if(at EQUAL -1)
        fail("${rel}: expected a line with '${path}${want}', got:\n${out}${err}")
    endif()
    run_check(--json "${path}")
    set(jout "${out}")
    string(REGEX MATCH "^[^ ]*: ([A-Z_]+) " m "${want}")
    string(JSON sym ERROR_VARIABLE jsonerr GET "${jout}" 0 status_symbol)
    if(jsonerr OR NOT sym STREQUAL CMAKE_MATCH_1)
        fail("${rel}: --json status_symbol is '${sym}', expected '${CMAKE_MATCH_1}': ${jout}")
    endif()
endforeach()

# Usage errors exit 2 and check nothing.
foreach(usage "" "--bogus" "--kind;bogus;x.json" "--kind" "--with" "--each")
    run_check(${usage})
    if(NOT rc EQUAL 2 OR NOT err MATCHES "usage: akgl-check")
        fail("akgl-check ${usage}: exit ${rc}, expected 2 with the usage:\n${out}${err}")
    endif()
endforeach()

if(checked LESS 200)
    fail("only ${checked} fixtures were found under ${ASSETS}")
endif()
get_property(failures GLOBAL PROPERTY check_failures)
if(failures GREATER 0)
    message(FATAL_ERROR "akgl-check: ${failures} failure(s) in ${checked} fixtures")
endif()
message(STATUS "akgl-check: ${checked} fixtures checked, all as expected")
