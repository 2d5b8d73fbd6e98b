/*
 * akgl_mksound: synthesises the showcase's sound effects and music loop.
 *
 *   akgl_mksound DIR           write the files below into DIR
 *                              (examples/assets/sounds/)
 *   akgl_mksound --check DIR   read each file of DIR back (a WAV with
 *                              SDL_LoadWAV, the Ogg with libvorbisfile) and
 *                              check its format (mono, 22050 Hz; a WAV signed
 *                              16-bit) and its length against the table
 *
 * Every sound is mono at 22050 Hz. The effects are signed 16-bit
 * little-endian PCM WAV files; the music is Ogg Vorbis, encoded by
 * libvorbisenc through the sound tests' own encoder (tests/akgl/
 * sound_fixture.h: quality 0.6, a fixed stream serial number), so that the
 * gallery's sound example can stream it (akgl_sound_music_play_file). The
 * voices are the ones of an old sound chip: square waves of a chosen duty
 * cycle, a triangle, and noise from a 15-bit linear-feedback shift register.
 * Phases are 32-bit integer accumulators and the noise is integer too, so a
 * run writes the same bytes on every machine; envelopes are plain double
 * arithmetic without libm. The Vorbis encoder computes in floating point:
 * its bytes are the same from run to run with the same build of libvorbis
 * (tools/deps.sh pins it). The test `akgl_sounds` checks that the committed
 * files are what this program writes (`cmake --build build --target
 * akgl_sounds` rewrites them).
 *
 *   jump.wav       a rising square chirp, 0.20 s
 *   coin.wav       two quick notes, B5 then E6, 0.34 s
 *   hurt.wav       a falling square over a noise burst, 0.30 s
 *   footstep.wav   a short, dull noise tick, 0.06 s
 *   sounds.json    a sound bank listing them all (docs/18-sound.md), for
 *                  akgl_sound_load_json: the effects one-shot, the music
 *                  looping
 *   music.ogg      a four-bar loop at 128 beats a minute (7.50 s): a square
 *                  lead, a triangle bass and noise drums over C, Am, F, G.
 *                  Its length is a whole number of sixteenth-note steps, so
 *                  it loops without a seam.
 */
#include <akerror.h>

#include <SDL3/SDL.h>
#include <jansson.h>
#include <vorbis/vorbisfile.h>

#include "sound_fixture.h" /* tests/akgl: the Ogg Vorbis encoder */
#include "json_file.h"

#include <stdio.h>
#include <string.h>

#define RATE 22050
#define MAX_SAMPLES (RATE * 8)

/* ----------------------------------------------------------------- voices */

/* The frequency of MIDI note n (69 = A4 = 440 Hz), from a table of one
 * octave so that no libm call decides a byte. */
static double note_hz(int n)
{
    static const double A4_OCTAVE[12] = {
        440.0,        466.16376152, 493.88330126, 523.25113060, 554.36526195, 587.32953583,
        622.25396744, 659.25511383, 698.45646287, 739.98884542, 783.99087196, 830.60939516};
    int k = n - 69;
    int octave = k >= 0 ? k / 12 : -((-k + 11) / 12);
    double hz = A4_OCTAVE[k - octave * 12];
    for (; octave > 0; octave--) {
        hz *= 2.0;
    }
    for (; octave < 0; octave++) {
        hz /= 2.0;
    }
    return hz;
}

/* A phase step for `hz`: the phase is a 32-bit fraction of a turn. */
static Uint32 phase_step(double hz)
{
    return (Uint32)(hz * 4294967296.0 / RATE);
}

/* -1 or +1: a square wave of `duty` (an 8-bit fraction of the period). */
static double square(Uint32 phase, Uint32 duty)
{
    return (phase >> 24) < duty ? 1.0 : -1.0;
}

/* -1..+1: a triangle, quantised to 16 steps like the chip's. */
static double triangle(Uint32 phase)
{
    int step = (int)(phase >> 27); /* 0..31 */
    int level = step < 16 ? step : 31 - step;
    return (level - 7.5) / 7.5;
}

/* The chip's noise: a 15-bit LFSR, clocked at `step` phase wraps. */
typedef struct Noise {
    Uint16 lfsr;
    Uint32 phase;
} Noise;

static double noise(Noise *n, Uint32 step)
{
    Uint32 before = n->phase;
    n->phase += step;
    if (n->phase < before) {
        Uint16 bit = (Uint16)((n->lfsr ^ (n->lfsr >> 1)) & 1u);
        n->lfsr = (Uint16)((n->lfsr >> 1) | (bit << 14));
    }
    return (n->lfsr & 1u) ? 1.0 : -1.0;
}

/* ---------------------------------------------------------------- effects */

typedef struct Buffer {
    double s[MAX_SAMPLES];
    int n;
} Buffer;

static Buffer buf;

/* A linear attack over `attack` samples, then an exponential decay by
 * `decay` a sample. */
static double envelope(int i, int attack, double *level, double decay)
{
    if (i < attack) {
        return (double)(i + 1) / attack;
    }
    *level *= decay;
    return *level;
}

static void fx_jump(void)
{
    buf.n = RATE / 5;
    Uint32 phase = 0;
    double level = 1.0;
    for (int i = 0; i < buf.n; i++) {
        double t = (double)i / buf.n;
        double hz = 260.0 + 560.0 * t * (2.0 - t); /* rises fast, then eases */
        phase += phase_step(hz);
        buf.s[i] = 0.45 * square(phase, 64) * envelope(i, 80, &level, 0.99975);
    }
}

static void fx_coin(void)
{
    buf.n = RATE * 34 / 100;
    int first = RATE * 6 / 100;
    Uint32 phase = 0;
    double level = 1.0;
    for (int i = 0; i < buf.n; i++) {
        phase += phase_step(note_hz(i < first ? 83 : 88)); /* B5, E6 */
        double e = i < first ? 1.0 : (level *= 0.99985);
        if (i < 40) {
            e = (i + 1) / 40.0;
        }
        buf.s[i] = 0.35 * square(phase, 128) * e;
    }
}

static void fx_hurt(void)
{
    buf.n = RATE * 3 / 10;
    Uint32 phase = 0;
    Noise nz = {1, 0};
    double level = 1.0;
    for (int i = 0; i < buf.n; i++) {
        double t = (double)i / buf.n;
        phase += phase_step(420.0 - 300.0 * t);
        double e = envelope(i, 60, &level, 0.99982);
        double sq = square(phase, 96);
        double nn = noise(&nz, phase_step(3000.0));
        buf.s[i] = (0.35 * sq + 0.25 * nn * (1.0 - t)) * e;
    }
}

static void fx_footstep(void)
{
    buf.n = RATE * 6 / 100;
    Noise nz = {0x2b1, 0};
    double level = 1.0, low = 0.0;
    for (int i = 0; i < buf.n; i++) {
        double e = envelope(i, 20, &level, 0.9975);
        double nn = noise(&nz, phase_step(6000.0));
        low += (nn - low) * 0.18; /* a one-pole low-pass: a dull step, not a hiss */
        buf.s[i] = 0.6 * low * e;
    }
}

/* ------------------------------------------------------------------ music */

#define BPM 128
#define STEPS 64 /* four bars of sixteenth notes */
/* Samples a sixteenth: 60 / BPM / 4 seconds, rounded to a whole sample so
 * that the loop is an exact number of steps. */
#define STEP_SAMPLES ((RATE * 60 + BPM * 2) / (BPM * 4))

enum { REST = 0, HOLD = -1 };

/* The lead, one entry a sixteenth: a MIDI note, HOLD (keep sounding) or REST. */
static const int LEAD[STEPS] = {
    /* C */ 72, HOLD, 76, HOLD, 79, HOLD, 76, 79, 84, HOLD, HOLD, HOLD, 83, HOLD, 79, HOLD,
    /* Am */ 81, HOLD, 76, HOLD, 72, HOLD, 76, 81, 79, HOLD, 76, HOLD, 72, HOLD, REST, 71,
    /* F */ 72, HOLD, 77, HOLD, 81, HOLD, 77, 81, 84, HOLD, 81, HOLD, 77, HOLD, 76, 77,
    /* G */ 79, HOLD, HOLD, 74, 71, HOLD, 74, HOLD, 79, HOLD, 77, 76, 74, HOLD, 71, REST,
};

/* The bass: the root on the beat and the fifth on the off-beat, in eighths. */
static const int BASS_ROOTS[4] = {48, 45, 41, 43}; /* C3, A2, F2, G2 */

/* Drums per sixteenth of a bar: 1 kick, 2 snare, 3 hat. */
static const int DRUMS[16] = {1, 0, 3, 0, 2, 0, 3, 0, 1, 0, 1, 3, 2, 0, 3, 3};

static void music(void)
{
    buf.n = STEPS * STEP_SAMPLES;
    Uint32 lead_phase = 0, bass_phase = 0, kick_phase = 0;
    Noise nz = {0x5a5, 0};
    int lead_note = REST, lead_age = 0, bass_note = REST, bass_age = 0, drum = 0, drum_age = 0;
    double lead_level = 0.0, bass_level = 0.0;
    for (int i = 0; i < buf.n; i++) {
        int step = i / STEP_SAMPLES, within = i % STEP_SAMPLES;
        if (within == 0) {
            if (LEAD[step] != HOLD) {
                lead_note = LEAD[step];
                lead_age = 0;
                lead_level = 1.0;
            }
            if (step % 2 == 0) {
                int root = BASS_ROOTS[step / 16];
                bass_note = (step % 4 == 0) ? root : root + 7;
                bass_age = 0;
                bass_level = 1.0;
            }
            if (DRUMS[step % 16] != 0) {
                drum = DRUMS[step % 16];
                drum_age = 0;
                kick_phase = 0x40000000u; /* a quarter turn: the triangle starts at 0 */
            }
        }
        double mix = 0.0;
        if (lead_note != REST) {
            lead_phase += phase_step(note_hz(lead_note));
            /* A short attack, then a slow fade. */
            double e = lead_age < 60 ? (lead_age + 1) / 60.0 : (lead_level *= 0.99992);
            /* duty 25% for a brighter voice, 50% on long notes for warmth */
            mix += 0.16 * square(lead_phase, lead_age < STEP_SAMPLES * 2 ? 64 : 128) * e;
            lead_age++;
        }
        if (bass_note != REST) {
            bass_phase += phase_step(note_hz(bass_note));
            double e = bass_age < 40 ? (bass_age + 1) / 40.0 : (bass_level *= 0.99985);
            mix += 0.30 * triangle(bass_phase) * e;
            bass_age++;
        }
        if (drum != 0) {
            double t = (double)drum_age / STEP_SAMPLES;
            if (drum == 1 && t < 1.5) { /* kick: a triangle diving from 150 to 45 Hz */
                kick_phase += phase_step(150.0 - 70.0 * (t > 1.0 ? 1.0 : t) - 35.0 * t);
                double attack = drum_age < 30 ? (drum_age + 1) / 30.0 : 1.0;
                mix += 0.45 * triangle(kick_phase) * (1.0 - t / 1.5) * attack;
            } else if (drum == 2 && t < 1.0) { /* snare: bright noise */
                mix += 0.22 * noise(&nz, phase_step(9000.0)) * (1.0 - t) * (1.0 - t);
            } else if (drum == 3 && t < 0.35) { /* hat: short, high noise */
                mix += 0.08 * noise(&nz, phase_step(18000.0)) * (1.0 - t / 0.35);
            }
            drum_age++;
        }
        buf.s[i] = mix;
    }
}

/* ----------------------------------------------------------------- output */

static const struct {
    const char *file;
    void (*make)(void);
    const char *name; /* in the sound bank */
    double volume;
    bool loop;
} SOUNDS[] = {
    {"jump.wav", fx_jump, "jump", 0.8, false},
    {"coin.wav", fx_coin, "coin", 0.7, false},
    {"hurt.wav", fx_hurt, "hurt", 0.9, false},
    {"footstep.wav", fx_footstep, "footstep", 0.5, false},
    {"music.ogg", music, "music", 0.6, true},
};

/* The sound bank: {"sounds": [{"name", "file", "volume", "loop"}, ...]}. */
static akerr_ErrorContext AKERR_NOIGNORE *write_bank(const char *dir)
{
    PREPARE_ERROR(errctx);
    char path[4096];
    json_t *list = json_array();
    json_t *root = json_pack("{s:o*}", "sounds", list);
    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, root, AKERR_API, "sounds.json: building the JSON failed");
        for (size_t i = 0; i < SDL_arraysize(SOUNDS); i++) {
            FAIL_NONZERO_BREAK(errctx,
                               json_array_append_new(
                                   list, json_pack("{s:s,s:s,s:f,s:b}", "name", SOUNDS[i].name,
                                                   "file", SOUNDS[i].file, "volume",
                                                   SOUNDS[i].volume, "loop", SOUNDS[i].loop)),
                               AKERR_API, "sounds.json: building the JSON failed");
        }
        if (errctx != NULL) {
            break;
        }
        int n = snprintf(path, sizeof(path), "%s/sounds.json", dir);
        FAIL_NONZERO_BREAK(errctx, n < 0 || (size_t)n >= sizeof(path), AKERR_OUTOFBOUNDS,
                           "path too long: %s/sounds.json", dir);
        FAIL_NONZERO_BREAK(errctx,
                           json_file_write(root, path,
                                           JSON_INDENT(4) | JSON_PRESERVE_ORDER |
                                               JSON_REAL_PRECISION(6)),
                           AKERR_IO, "cannot write %s", path);
        printf("wrote %s\n", path);
    } CLEANUP {
        json_decref(root);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

static void le16(Uint8 *p, Uint32 v)
{
    p[0] = (Uint8)(v & 0xff);
    p[1] = (Uint8)((v >> 8) & 0xff);
}

static void le32(Uint8 *p, Uint32 v)
{
    le16(p, v & 0xffff);
    le16(p + 2, v >> 16);
}

/* A canonical 44-byte RIFF/WAVE header for mono 16-bit PCM. */
static void wav_header(Uint8 h[44], Uint32 samples)
{
    Uint32 data = samples * 2;
    memcpy(h, "RIFF", 4);
    le32(h + 4, 36 + data);
    memcpy(h + 8, "WAVEfmt ", 8);
    le32(h + 16, 16);       /* the fmt chunk's size */
    le16(h + 20, 1);        /* PCM */
    le16(h + 22, 1);        /* channels */
    le32(h + 24, RATE);     /* samples a second */
    le32(h + 28, RATE * 2); /* bytes a second */
    le16(h + 32, 2);        /* bytes a frame */
    le16(h + 34, 16);       /* bits a sample */
    memcpy(h + 36, "data", 4);
    le32(h + 40, data);
}

static Sint16 to_pcm(double v)
{
    double scaled = v * 32767.0;
    if (scaled > 32767.0) {
        return 32767;
    }
    if (scaled < -32768.0) {
        return -32768;
    }
    /* round half away from zero, without libm */
    return (Sint16)(scaled < 0 ? scaled - 0.5 : scaled + 0.5);
}

static akerr_ErrorContext AKERR_NOIGNORE *path_in(char *dest, size_t size, const char *dir,
                                                  const char *file)
{
    PREPARE_ERROR(errctx);
    int n = snprintf(dest, size, "%s/%s", dir, file);
    FAIL_NONZERO_RETURN(errctx, n < 0 || (size_t)n >= size, AKERR_OUTOFBOUNDS,
                        "path too long: %s/%s", dir, file);
    SUCCEED_RETURN(errctx);
}

static Uint8 bytes[44 + MAX_SAMPLES * 2];

#define FADE 200

/* Whether `file` is written as Ogg Vorbis (by its name) rather than WAV. */
static bool is_ogg(const char *file)
{
    size_t n = strlen(file);
    return n > 4 && strcmp(file + n - 4, ".ogg") == 0;
}

/* The encoder's signal (sound_fixture.h): the buffer, sample by sample. */
static float buf_sample(int64_t i, int c, const void *arg)
{
    (void)c;
    (void)arg;
    return (float)buf.s[i];
}

/* Reads the Ogg file back with libvorbisfile: its channels, rate and length
 * in frames (-1 when it does not open). */
static void ogg_format(const char *path, int *channels, int *rate, long long *frames)
{
    OggVorbis_File vf;
    *channels = 0;
    *rate = 0;
    *frames = -1;
    if (ov_fopen(path, &vf) != 0) {
        return;
    }
    vorbis_info *vi = ov_info(&vf, -1);
    if (vi != NULL) {
        *channels = vi->channels;
        *rate = (int)vi->rate;
    }
    *frames = (long long)ov_pcm_total(&vf, -1);
    ov_clear(&vf);
}

static akerr_ErrorContext AKERR_NOIGNORE *write_sound(size_t i, const char *dir)
{
    PREPARE_ERROR(errctx);
    char path[4096];
    PASS(errctx, path_in(path, sizeof(path), dir, SOUNDS[i].file));
    memset(&buf, 0, sizeof(buf));
    SOUNDS[i].make();
    FAIL_NONZERO_RETURN(errctx, buf.n <= 0 || buf.n > MAX_SAMPLES, AKERR_OUTOFBOUNDS,
                        "%s: %d samples; the limit is %d", SOUNDS[i].file, buf.n, MAX_SAMPLES);
    /* Every sound ends by fading to silence over its last FADE samples: a
     * sound cut off mid-wave clicks, and the loop restarts from silence. */
    for (int k = 0; k < FADE && k < buf.n; k++) {
        buf.s[buf.n - 1 - k] *= (double)k / FADE;
    }
    if (is_ogg(SOUNDS[i].file)) {
        FAIL_ZERO_RETURN(errctx, fx_write_ogg(path, 1, RATE, buf.n, buf_sample, NULL), AKERR_IO,
                         "cannot write %s (or libvorbisenc refused mono at %d Hz)", path, RATE);
        printf("wrote %s (%d samples, %.2f s)\n", path, buf.n, (double)buf.n / RATE);
        SUCCEED_RETURN(errctx);
    }
    wav_header(bytes, (Uint32)buf.n);
    for (int k = 0; k < buf.n; k++) {
        le16(bytes + 44 + k * 2, (Uint16)to_pcm(buf.s[k]));
    }
    FAIL_ZERO_RETURN(errctx, SDL_SaveFile(path, bytes, 44 + (size_t)buf.n * 2), AKERR_IO,
                     "cannot write %s: %s", path, SDL_GetError());
    printf("wrote %s (%d samples, %.2f s)\n", path, buf.n, (double)buf.n / RATE);
    SUCCEED_RETURN(errctx);
}

/* Loads the file back with SDL's own WAV reader and checks what it holds. */
static akerr_ErrorContext AKERR_NOIGNORE *check_sound(size_t i, const char *dir)
{
    PREPARE_ERROR(errctx);
    char path[4096];
    SDL_AudioSpec spec;
    Uint8 *data = NULL;
    Uint32 len = 0;
    PASS(errctx, path_in(path, sizeof(path), dir, SOUNDS[i].file));
    if (is_ogg(SOUNDS[i].file)) {
        int channels = 0, rate = 0;
        long long frames = -1;
        ogg_format(path, &channels, &rate, &frames);
        memset(&buf, 0, sizeof(buf));
        SOUNDS[i].make();
        FAIL_ZERO_RETURN(errctx, channels == 1 && rate == RATE && frames == buf.n, AKERR_FORMAT,
                         "%s: %d channel(s), %d Hz, %lld frames (-1: not Ogg Vorbis); "
                         "expected mono, %d Hz, %d frames",
                         path, channels, rate, frames, RATE, buf.n);
        printf("ok %s\n", path);
        SUCCEED_RETURN(errctx);
    }
    FAIL_ZERO_RETURN(errctx, SDL_LoadWAV(path, &spec, &data, &len), AKERR_IO, "%s: %s", path,
                     SDL_GetError());
    memset(&buf, 0, sizeof(buf));
    SOUNDS[i].make();
    bool ok = spec.format == SDL_AUDIO_S16LE && spec.channels == 1 && spec.freq == RATE &&
              len == (Uint32)buf.n * 2;
    SDL_free(data);
    FAIL_ZERO_RETURN(errctx, ok, AKERR_FORMAT,
                     "%s: format 0x%x, %d channel(s), %d Hz, %u bytes; expected signed 16-bit, "
                     "mono, %d Hz, %d bytes",
                     path, (unsigned)spec.format, spec.channels, spec.freq, (unsigned)len, RATE,
                     buf.n * 2);
    printf("ok %s\n", path);
    SUCCEED_RETURN(errctx);
}

int main(int argc, char **argv)
{
    PREPARE_ERROR(errctx);
    bool check = argc == 3 && strcmp(argv[1], "--check") == 0;
    if (!check && (argc != 2 || argv[1][0] == '-')) {
        fprintf(stderr, "usage: %s DIR\n       %s --check DIR\n", argv[0], argv[0]);
        return 2;
    }
    const char *dir = argv[argc - 1];
    ATTEMPT {
        for (size_t i = 0; i < SDL_arraysize(SOUNDS) && errctx == NULL; i++) {
            CATCH(errctx, check ? check_sound(i, dir) : write_sound(i, dir));
        }
        if (errctx == NULL && !check) {
            CATCH(errctx, write_bank(dir));
        }
    } CLEANUP {
    } PROCESS(errctx) {
    } FINISH_NORETURN(errctx);
    return 0;
}
