/*
 * Writes the sounds tests/assets/sound/ banks name (tone.wav, beep.wav,
 * tone.ogg) into the folder given, with tests/akgl/sound_fixture.h, so the
 * akgl-check suite can run the tool there: a bank's relative "file" is looked
 * for in the working directory first. Exit 0 when all three were written.
 */
#define _POSIX_C_SOURCE 200809L /* mkdir */
#include <stdio.h>

#include "test_platform.h"

#include "sound_fixture.h"

static const float half = 0.5f;
static const fx_tone a440 = {0.5f, 440.0f, 48000};
static const fx_tone a440_22k = {0.5f, 440.0f, 22050};

int main(int argc, char **argv)
{
    char path[4096];
    if (argc != 2) {
        fprintf(stderr, "usage: %s FOLDER\n", argv[0]);
        return 2;
    }
    mkdir(argv[1], 0755);
    snprintf(path, sizeof(path), "%s/tone.wav", argv[1]);
    bool ok = fx_write_wav(path, 1, 48000, 4800, fx_cosine, &a440);
    snprintf(path, sizeof(path), "%s/beep.wav", argv[1]);
    ok = ok && fx_write_wav(path, 2, 22050, 2205, fx_cosine, &a440_22k);
    snprintf(path, sizeof(path), "%s/tone.ogg", argv[1]);
    ok = ok && fx_write_ogg(path, 2, 44100, 44100, fx_level, &half);
    if (!ok) {
        fprintf(stderr, "%s: cannot write the sounds into %s\n", argv[0], argv[1]);
        return 1;
    }
    return 0;
}
