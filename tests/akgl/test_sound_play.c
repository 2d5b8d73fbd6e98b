/*
 * What is heard: each case plays on SDL's disk audio driver, which writes
 * the device's output to a file, then reads the samples back and checks
 * them against the formula of the fixture. The device is asked for 32-bit
 * float stereo at 48 kHz, and the disk driver takes that as it is, so every
 * level below is exact.
 *
 * Also: no allocation while sounds play (SDL_SetMemoryFunctions counting
 * every SDL allocation, on every thread), and a game with no audio device.
 */
#include <akgl/actor.h>
#include <akgl/character.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akgl/sound.h>

#include "sound_load.h"
#include "sound_private.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>    /* BUFSIZ */
#include <sys/stat.h> /* stat: the capture's size, without SDL (no allocation) */

#include "akgl_test.h"
#include "alloc_fixture.h"
#include "sound_fixture.h"

#define FIX AKGL_SOUND_FIXTURE_DIR
#define RATE 48000
#define EPS 1e-5f
#define FRAME_BYTES ((int64_t)(2 * sizeof(float)))
/* How long a wait on the audio may take before the case fails: far more
 * than any wait needs (the longest is under a second of audio), so only a
 * device that stopped, not a busy machine, reaches it. */
#define WAIT_DEADLINE_MS 20000

/* ------------------------------------------------------------------------ */
/* Capturing the disk driver's output                                       */
/* ------------------------------------------------------------------------ */

typedef struct Capture
{
    float *s; /* interleaved L, R */
    int64_t frames;
} Capture;

static char out_path[600];

/*
 * Frames the capture file may be behind the mix: one device buffer and one
 * stdio buffer (set by disk_start).
 *
 * Why: SDL 3.2.10's disk driver (src/audio/disk/SDL_diskaudio.c) opens the
 * file with SDL_IOFromFile, which on POSIX is stdio (fopen), and writes each
 * device buffer with SDL_WriteIO, which is fwrite with no flush. The device
 * thread mixes a buffer and writes it in one iteration, under the device's
 * lock, then sleeps a buffer's duration. So at any moment the frames mixed
 * but not yet in the file are at most the buffer being mixed (the device's
 * sample frames) plus what sits in the FILE's buffer (glibc allocates it
 * min(BUFSIZ, st_blksize) bytes; we allow max of the two, for any libc).
 * Closing the device joins its thread and closes the file, which flushes:
 * after disk_finish every frame mixed is in the file.
 */
static int64_t lag_frames;

/* Restarts the sound system writing to <FIX>/<name>.raw. */
static void disk_start(const char *name, int voices)
{
    bool device = false;
    int rate = 0;
    CHECK_OK(akgl_sound_stop());
    snprintf(out_path, sizeof(out_path), "%s/%s.raw", FIX, name);
    SDL_SetHint(SDL_HINT_AUDIO_DISK_OUTPUT_FILE, out_path);
    CHECK_OK(akgl_sound_start(voices));
    CHECK_OK(akgl_sound_status(&device, &rate, NULL));
    CHECK(device);
    CHECK_INT_EQ(rate, RATE);
    SDL_AudioSpec spec;
    int buffer_frames = 0;
    struct stat st;
    CHECK(SDL_GetAudioDeviceFormat(SDL_AUDIO_DEVICE_DEFAULT_PLAYBACK, &spec, &buffer_frames));
    CHECK(buffer_frames > 0);
    CHECK_MSG(stat(out_path, &st) == 0, "the disk driver did not open %s", out_path);
#ifdef _WIN32
    /* No st_blksize; SDL writes the file with WriteFile there, unbuffered,
     * and BUFSIZ stays a bound. */
    int64_t stdio_bytes = BUFSIZ;
#else
    int64_t stdio_bytes = st.st_blksize > BUFSIZ ? (int64_t)st.st_blksize : (int64_t)BUFSIZ;
#endif
    lag_frames = buffer_frames + stdio_bytes / FRAME_BYTES;
}

/* Frames in the capture file now (-1 when it cannot be read). */
static int64_t written_frames(void)
{
    struct stat st;
    if (stat(out_path, &st) != 0) {
        return -1;
    }
    return (int64_t)st.st_size / FRAME_BYTES;
}

/*
 * Waits until the device has mixed at least @p frames frames after this
 * call began, i.e. after every akgl call the test made before it: those
 * frames were mixed with whatever the calls set up. The file must grow by
 * frames + lag_frames, since up to lag_frames of what it gains were mixed
 * before the call (see lag_frames). The device writes on while paused
 * (silence), so the file always grows. Fails the case, saying what it waited
 * for, after WAIT_DEADLINE_MS; never hangs. @p what says what the frames are.
 */
static bool wait_mixed(int64_t frames, const char *what)
{
    const int64_t from = written_frames();
    const int64_t want = from + frames + lag_frames;
    const Uint64 deadline = SDL_GetTicks() + WAIT_DEADLINE_MS;
    int64_t now = from;
    while (from >= 0 && now < want && SDL_GetTicks() < deadline) {
        SDL_Delay(1);
        now = written_frames();
    }
    CHECK_MSG(from >= 0 && now >= want,
              "waited %d ms for %lld frames (%s) to be mixed; the capture grew by %lld of the "
              "%lld frames that shows it", WAIT_DEADLINE_MS, (long long)frames, what,
              (long long)(now - from), (long long)(frames + lag_frames));
    return from >= 0 && now >= want;
}

/* Closes the device (which closes the file) and reads what it wrote. */
static Capture disk_finish(void)
{
    Capture cap = {NULL, 0};
    /* No wait: every case waited for the audio it checks, and the close
     * joins the device thread and flushes the file (see lag_frames). */
    CHECK_OK(akgl_sound_stop());
    size_t len = 0;
    void *data = SDL_LoadFile(out_path, &len);
    CHECK_MSG(data != NULL, "cannot read %s", out_path);
    cap.s = data;
    cap.frames = (int64_t)(len / (2 * sizeof(float)));
    /* Back to an idle device for the cases that follow. */
    snprintf(out_path, sizeof(out_path), "%s/idle.raw", FIX);
    SDL_SetHint(SDL_HINT_AUDIO_DISK_OUTPUT_FILE, out_path);
    CHECK_OK(akgl_sound_start(0));
    return cap;
}

static int64_t first_nonzero(const Capture *c, int64_t from)
{
    for (int64_t i = from; i < c->frames; i++) {
        if (c->s[i * 2] != 0.0f || c->s[i * 2 + 1] != 0.0f) {
            return i;
        }
    }
    return -1;
}

/* Frames whose left sample is `level` (within EPS). */
static int64_t count_level(const Capture *c, float level)
{
    int64_t n = 0;
    for (int64_t i = 0; i < c->frames; i++) {
        if (fabsf(c->s[i * 2] - level) < EPS) {
            n++;
        }
    }
    return n;
}

/* Waits for a voice to end: the device has mixed its last frame (a sound's
 * end, or a fade-out's). Fails after WAIT_DEADLINE_MS. */
static void wait_ended(akgl_Voice v)
{
    akgl_VoiceState state = AKGL_VOICE_PLAYING;
    const Uint64 deadline = SDL_GetTicks() + WAIT_DEADLINE_MS;
    CHECK_OK(akgl_sound_voice_state(v, &state));
    while (state != AKGL_VOICE_ENDED && SDL_GetTicks() < deadline) {
        SDL_Delay(1);
        CHECK_OK(akgl_sound_voice_state(v, &state));
    }
    CHECK_MSG(state == AKGL_VOICE_ENDED, "voice 0x%08x still plays after %d ms",
              (unsigned int)v, WAIT_DEADLINE_MS);
}

static akgl_VoiceState state_of(akgl_Voice v)
{
    akgl_VoiceState state = AKGL_VOICE_ENDED;
    CHECK_OK(akgl_sound_voice_state(v, &state));
    return state;
}

static akgl_Sound *load_level(const char *name, float level, int64_t frames, bool loop)
{
    char path[600];
    akgl_Sound *snd = NULL;
    snprintf(path, sizeof(path), "%s/%s.wav", FIX, name);
    CHECK(fx_write_wav(path, 1, RATE, frames, fx_level, &level));
    CHECK_OK(akgl_sound_load(name, path, 1.0f, loop, &snd));
    return snd;
}

/* ------------------------------------------------------------------------ */
/* Cases                                                                    */
/* ------------------------------------------------------------------------ */

static const fx_tone a440 = {0.5f, 440.0f, RATE};

/* A known tone at the right amplitude for its volume and pan, sample by sample. */
static void test_one_shot_volume_and_pan(void)
{
    akgl_Sound *tone = NULL;
    akgl_Voice v = AKGL_VOICE_NONE;
    CHECK(fx_write_wav(FIX "/a440.wav", 1, RATE, 4800, fx_cosine, &a440));
    CHECK_OK(akgl_sound_load("a440", FIX "/a440.wav", 1.0f, false, &tone));
    if (tone == NULL) {
        return;
    }
    disk_start("oneshot", 0);
    /* volume 0.5, pan 0.5: left at half (balance), right at full. Played
     * with the device paused, so it cannot have ended (100 ms) by the time
     * its state is read, however long this thread waits for a core. */
    CHECK_OK(akgl_sound_pause_all());
    CHECK_OK(akgl_sound_play(tone, 0.5f, 0.5f, &v));
    CHECK_INT_EQ(state_of(v), AKGL_VOICE_PLAYING);
    CHECK_OK(akgl_sound_resume_all());
    wait_ended(v);
    /* hard left, full volume, with the effects bus at a quarter */
    CHECK_OK(akgl_sound_set_volume(AKGL_SOUND_BUS_EFFECTS, 0.25f));
    CHECK_OK(akgl_sound_play(tone, 1.0f, -1.0f, &v));
    wait_ended(v);
    CHECK_OK(akgl_sound_set_volume(AKGL_SOUND_BUS_EFFECTS, 1.0f));
    Capture cap = disk_finish();

    int64_t start = first_nonzero(&cap, 0);
    CHECK(start >= 0 && start + 4800 < cap.frames);
    int bad = 0;
    for (int64_t i = 0; start >= 0 && i < 4800 && start + i < cap.frames; i++) {
        float c = fx_cosine(i, 0, &a440);
        const float *f = &cap.s[(start + i) * 2];
        if (fabsf(f[0] - 0.25f * c) > EPS || fabsf(f[1] - 0.5f * c) > EPS) {
            if (bad++ < 3) {
                CHECK_MSG(0, "frame %lld: %g %g, want %g %g", (long long)i, (double)f[0],
                          (double)f[1], (double)(0.25f * c), (double)(0.5f * c));
            }
        }
    }
    CHECK_INT_EQ(bad, 0);
    int64_t second = first_nonzero(&cap, start + 4800);
    CHECK(second > start);
    for (int64_t i = 0; second > 0 && i < 4800 && second + i < cap.frames; i++) {
        float c = fx_cosine(i, 0, &a440);
        const float *f = &cap.s[(second + i) * 2];
        if (fabsf(f[0] - 0.25f * c) > EPS || f[1] != 0.0f) {
            if (bad++ < 3) {
                CHECK_MSG(0, "left frame %lld: %g %g, want %g 0", (long long)i, (double)f[0],
                          (double)f[1], (double)(0.25f * c));
            }
        }
    }
    CHECK_INT_EQ(bad, 0);
    CHECK_INT_EQ(first_nonzero(&cap, second + 4800), -1);
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(tone));
}

/* Two voices sum: a long level and a short one started while it plays. */
static void test_two_voices_sum(void)
{
    akgl_Sound *a = load_level("quarter", 0.25f, 24000, false);
    akgl_Sound *b = load_level("eighth", 0.125f, 4800, false);
    akgl_Voice va = AKGL_VOICE_NONE, vb = AKGL_VOICE_NONE;
    disk_start("sum", 0);
    CHECK_OK(akgl_sound_play(a, 1.0f, 0.0f, &va));
    /* a is heard alone first; then the device pauses, so b starts on a
     * frame where a plays (a, 500 ms, holds its place while paused). */
    wait_mixed(2400, "50 ms of the quarter alone");
    CHECK_OK(akgl_sound_pause_all());
    CHECK_INT_EQ(state_of(va), AKGL_VOICE_PLAYING);
    CHECK_OK(akgl_sound_play(b, 1.0f, 0.0f, &vb));
    CHECK_OK(akgl_sound_resume_all());
    wait_ended(va);
    wait_ended(vb);
    Capture cap = disk_finish();
    CHECK_INT_EQ(count_level(&cap, 0.375f), 4800);
    CHECK_INT_EQ(count_level(&cap, 0.25f), 24000 - 4800);
    CHECK_INT_EQ(count_level(&cap, 0.125f), 0);
    CHECK_INT_EQ(count_level(&cap, 0.0f) + 24000, cap.frames);
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(a));
    CHECK_OK(akgl_heap_release_sound(b));
}

/* A fade-in ramps up over its time, a fade-out down, then the voice ends. */
static void test_fade_ramps(void)
{
    akgl_Sound *m = load_level("music_half", 0.5f, 4800, true);
    akgl_Voice v = AKGL_VOICE_NONE;
    disk_start("fade", 0);
    CHECK_OK(akgl_sound_music_play(m, 1.0f, 100, &v)); /* 100 ms: 4800 frames */
    wait_mixed(4800 + 2400, "the 4800 frames of the fade-in and 50 ms at full level");
    CHECK_INT_EQ(state_of(v), AKGL_VOICE_PLAYING);
    CHECK_OK(akgl_sound_music_stop(100));
    wait_ended(v);
    Capture cap = disk_finish();

    int64_t start = first_nonzero(&cap, 0);
    CHECK(start >= 0);
    /* Frame k of the fade plays at k/4800 of the level (frame 0 is silent). */
    int bad = 0;
    for (int64_t k = 1; start >= 0 && k <= 4800; k++) {
        float want = 0.5f * (float)k / 4800.0f;
        float got = cap.s[(start + k - 1) * 2];
        if (fabsf(got - want) > 1e-4f && bad++ < 3) {
            CHECK_MSG(0, "fade-in frame %lld: %g, want %g", (long long)k, (double)got,
                      (double)want);
        }
    }
    /* Then the level, then a fall of 4800 frames to silence. */
    int64_t i = start + 4800;
    while (i < cap.frames && fabsf(cap.s[i * 2] - 0.5f) < EPS) {
        i++;
    }
    int64_t fall = 0;
    float prev = 0.5f;
    while (i < cap.frames && cap.s[i * 2] > 0.0f) {
        if (cap.s[i * 2] > prev + EPS && bad++ < 3) {
            CHECK_MSG(0, "fade-out rises at frame %lld", (long long)i);
        }
        prev = cap.s[i * 2];
        fall++;
        i++;
    }
    CHECK_MSG(fall >= 4795 && fall <= 4801, "the fade-out lasted %lld frames", (long long)fall);
    CHECK_INT_EQ(bad, 0);
    CHECK_INT_EQ(first_nonzero(&cap, i), -1);
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(m));
}

/* A cross-fade: one track falls as the other rises, their sum a straight line. */
static void test_cross_fade(void)
{
    akgl_Sound *a = load_level("track_a", 0.5f, 4800, true);
    akgl_Sound *b = load_level("track_b", 0.25f, 4800, true);
    akgl_Voice va = AKGL_VOICE_NONE, vb = AKGL_VOICE_NONE;
    disk_start("crossfade", 0);
    CHECK_OK(akgl_sound_music_play(a, 1.0f, 0, &va));
    wait_mixed(2400, "50 ms of track a alone");
    /* Paused around the change, so both voices turn on the same frame. */
    CHECK_OK(akgl_sound_pause_all());
    CHECK_OK(akgl_sound_music_play(b, 1.0f, 100, &vb));
    CHECK_OK(akgl_sound_resume_all());
    wait_ended(va);
    CHECK_INT_EQ(state_of(vb), AKGL_VOICE_PLAYING);
    wait_mixed(2400, "50 ms of track b alone after the cross-fade");
    CHECK_OK(akgl_sound_stop_all());
    CHECK_INT_EQ(state_of(vb), AKGL_VOICE_ENDED);
    Capture cap = disk_finish();

    int64_t start = first_nonzero(&cap, 0);
    int64_t i = start;
    while (i >= 0 && i < cap.frames && fabsf(cap.s[i * 2] - 0.5f) < EPS) {
        i++;
    }
    /* From 0.5 to 0.25 in 4800 frames, never above or below the line. */
    int bad = 0;
    for (int64_t k = 0; k < 4800 && i + k < cap.frames; k++) {
        float want = 0.5f - 0.25f * (float)(k + 1) / 4800.0f;
        float got = cap.s[(i + k) * 2];
        if (fabsf(got - want) > 1e-4f && bad++ < 3) {
            CHECK_MSG(0, "cross-fade frame %lld: %g, want %g", (long long)k, (double)got,
                      (double)want);
        }
    }
    CHECK_INT_EQ(bad, 0);
    CHECK(i + 4800 < cap.frames && fabsf(cap.s[(i + 4800) * 2] - 0.25f) < EPS);
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(a));
    CHECK_OK(akgl_heap_release_sound(b));
}

/*
 * Music loops until it is stopped, whatever its sound's "loop" says: a
 * 10 ms sound loaded with loop false plays once as an effect, and as music
 * goes round until music_stop.
 */
static void test_music_loops_whatever_its_flag(void)
{
    akgl_Sound *once = load_level("once", 0.5f, 480, false);
    akgl_Voice ve = AKGL_VOICE_NONE, vm = AKGL_VOICE_NONE;
    if (once == NULL) {
        return;
    }
    CHECK(!once->loop);
    disk_start("music_once", 0);
    CHECK_OK(akgl_sound_play(once, 0.5f, 0.0f, &ve)); /* heard at 0.25 */
    wait_ended(ve);
    CHECK_OK(akgl_sound_music_play(once, 1.0f, 0, &vm)); /* heard at 0.5 */
    wait_mixed(4800, "100 ms of the music: ten times its 10 ms");
    CHECK_INT_EQ(state_of(vm), AKGL_VOICE_PLAYING);
    CHECK_OK(akgl_sound_music_stop(0));
    CHECK_INT_EQ(state_of(vm), AKGL_VOICE_ENDED);
    Capture cap = disk_finish();
    CHECK_INT_EQ(count_level(&cap, 0.25f), 480);
    CHECK_MSG(count_level(&cap, 0.5f) >= 4800, "the music was heard for %lld frames",
              (long long)count_level(&cap, 0.5f));
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(once));
}

/*
 * Music B, then music C at once, both with a fade, the device paused: B is
 * still at the start of its fade-in (gain 0) when C's cross-fade begins. B
 * fades out over the fade's time like any old track (silently, from 0) and
 * then ends; it used to end on the spot. C rises exactly as a fade-in does.
 */
static void test_cross_fade_before_the_first_frame(void)
{
    akgl_Sound *b = load_level("track_b0", 0.5f, 4800, true);
    akgl_Sound *c = load_level("track_c0", 0.25f, 4800, true);
    akgl_Voice vb = AKGL_VOICE_NONE, vc = AKGL_VOICE_NONE;
    disk_start("crossfade_at_once", 0);
    CHECK_OK(akgl_sound_pause_all());
    CHECK_OK(akgl_sound_music_play(b, 1.0f, 100, &vb));
    CHECK_OK(akgl_sound_music_play(c, 1.0f, 100, &vc));
    CHECK_INT_EQ(state_of(vb), AKGL_VOICE_PLAYING); /* fading out, not ended */
    CHECK_INT_EQ(state_of(vc), AKGL_VOICE_PLAYING);
    CHECK_OK(akgl_sound_resume_all());
    wait_ended(vb);
    CHECK_INT_EQ(state_of(vc), AKGL_VOICE_PLAYING);
    wait_mixed(2400, "50 ms of track c after the cross-fade");
    CHECK_OK(akgl_sound_stop_all());
    Capture cap = disk_finish();

    /* Frame k of C's fade-in is k/4800 of its level (frame 0 silent); B,
     * at gain 0 throughout, adds nothing. */
    int64_t start = first_nonzero(&cap, 0);
    CHECK(start > 0);
    int bad = 0;
    for (int64_t k = 1; start > 0 && k <= 4800 && start + k - 1 < cap.frames; k++) {
        float want = 0.25f * (float)k / 4800.0f;
        float got = cap.s[(start + k - 1) * 2];
        if (fabsf(got - want) > 1e-4f && bad++ < 3) {
            CHECK_MSG(0, "fade-in frame %lld: %g, want %g", (long long)k, (double)got,
                      (double)want);
        }
    }
    CHECK_INT_EQ(bad, 0);
    CHECK_INT_EQ(count_level(&cap, 0.5f), 0);
    CHECK(count_level(&cap, 0.25f) >= 2400);
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(b));
    CHECK_OK(akgl_heap_release_sound(c));
}

/* Every voice busy: the oldest effect is stolen, never the music. */
static void test_stealing_takes_oldest_effect(void)
{
    akgl_Sound *m = load_level("steal_m", 1.0f / 128, 4800, true);
    akgl_Sound *e1 = load_level("steal_1", 1.0f / 8, 4800, true);
    akgl_Sound *e2 = load_level("steal_2", 1.0f / 64, 4800, true);
    akgl_Sound *e3 = load_level("steal_3", 1.0f / 32, 4800, true);
    akgl_Voice vm, v1, v2, v3, v4;
    disk_start("steal", 3);
    CHECK_OK(akgl_sound_music_play(m, 1.0f, 0, &vm));
    CHECK_OK(akgl_sound_play(e1, 1.0f, 0.0f, &v1));
    /* Each wait: at least 40 ms of the voices that play now were mixed
     * (they all loop, so none ends by itself before the next play). */
    wait_mixed(1920, "40 ms of m and e1 together");
    CHECK_OK(akgl_sound_play(e2, 1.0f, 0.0f, &v2));
    wait_mixed(1920, "40 ms of m, e1 and e2 together");
    CHECK_OK(akgl_sound_play(e3, 1.0f, 0.0f, &v3)); /* takes e1's voice */
    CHECK_INT_EQ(state_of(v1), AKGL_VOICE_ENDED);
    CHECK_INT_EQ(state_of(v2), AKGL_VOICE_PLAYING);
    CHECK_INT_EQ(state_of(v3), AKGL_VOICE_PLAYING);
    CHECK_INT_EQ(state_of(vm), AKGL_VOICE_PLAYING);
    wait_mixed(1920, "40 ms of m, e2 and e3 together");
    CHECK_OK(akgl_sound_play(e1, 1.0f, 0.0f, &v4)); /* takes e2's voice, not the music's */
    CHECK_INT_EQ(state_of(v2), AKGL_VOICE_ENDED);
    CHECK_INT_EQ(state_of(v3), AKGL_VOICE_PLAYING);
    CHECK_INT_EQ(state_of(vm), AKGL_VOICE_PLAYING);
    CHECK_INT_EQ(state_of(v4), AKGL_VOICE_PLAYING);
    wait_mixed(1920, "40 ms of m, e3 and e1 together");
    CHECK_OK(akgl_sound_stop_all());
    Capture cap = disk_finish();
    /* The sums heard, in order: m+e1, m+e1+e2, m+e2+e3, m+e3+e1. */
    float m_ = 1.0f / 128, a = 1.0f / 8, b = 1.0f / 64, c = 1.0f / 32;
    CHECK(count_level(&cap, m_ + a) > 0);
    CHECK(count_level(&cap, m_ + a + b) > 0);
    CHECK(count_level(&cap, m_ + b + c) > 0);
    CHECK(count_level(&cap, m_ + c + a) > 0);
    CHECK_INT_EQ(count_level(&cap, m_ + a + b + c), 0); /* never four at once */
    CHECK_INT_EQ(count_level(&cap, a + b + c), 0);      /* the music never went */
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(m));
    CHECK_OK(akgl_heap_release_sound(e1));
    CHECK_OK(akgl_heap_release_sound(e2));
    CHECK_OK(akgl_heap_release_sound(e3));
}

/* Every non-silent frame, in order, must be the ramp's next value. */
static void check_ramp_continues(const Capture *cap, const fx_ramp *ramp)
{
    int64_t k = 0, gap = 0, longest_gap = 0;
    int bad = 0;
    int64_t first = first_nonzero(cap, 0);
    for (int64_t i = first; first >= 0 && i < cap->frames; i++) {
        float got = cap->s[i * 2];
        if (got == 0.0f) {
            gap++;
            continue;
        }
        if (k > 0 && gap > longest_gap) {
            longest_gap = gap;
        }
        gap = 0;
        float want = fx_ramp_at(k, 0, ramp);
        if (fabsf(got - want) > EPS && bad++ < 3) {
            CHECK_MSG(0, "ramp frame %lld: %g, want %g", (long long)k, (double)got, (double)want);
        }
        k++;
    }
    CHECK_INT_EQ(bad, 0);
    CHECK_INT_EQ(k, ramp->frames);
    CHECK_MSG(longest_gap >= 2400, "the pause was %lld frames of silence", (long long)longest_gap);
}

/* Pause silences; resume continues from the frame where it stopped. */
static void test_pause_and_resume_voice(void)
{
    fx_ramp ramp = {0.1f, 0.5f, 24000};
    akgl_Sound *snd = NULL;
    akgl_Voice v = AKGL_VOICE_NONE;
    CHECK(fx_write_wav(FIX "/ramp.wav", 1, RATE, ramp.frames, fx_ramp_at, &ramp));
    CHECK_OK(akgl_sound_load("ramp", FIX "/ramp.wav", 1.0f, false, &snd));
    disk_start("pause", 0);
    CHECK_OK(akgl_sound_play(snd, 1.0f, 0.0f, &v));
    wait_mixed(2400, "the ramp's first 50 ms");
    CHECK_OK(akgl_sound_voice_pause(v));
    CHECK_INT_EQ(state_of(v), AKGL_VOICE_PAUSED);
    /* What check_ramp_continues' gap of 2400 frames stands on. */
    wait_mixed(2400, "50 ms with the ramp's voice paused");
    CHECK_INT_EQ(state_of(v), AKGL_VOICE_PAUSED);
    CHECK_OK(akgl_sound_voice_resume(v));
    wait_ended(v);
    /* An ended handle: every call succeeds and changes nothing. */
    CHECK_OK(akgl_sound_voice_pause(v));
    CHECK_OK(akgl_sound_voice_resume(v));
    CHECK_OK(akgl_sound_voice_stop(v, 0));
    Capture cap = disk_finish();
    check_ramp_continues(&cap, &ramp);
    SDL_free(cap.s);

    /* The same for every voice at once (the device paused). */
    disk_start("pause_all", 0);
    CHECK_OK(akgl_sound_play(snd, 1.0f, 0.0f, &v));
    wait_mixed(2400, "the ramp's first 50 ms");
    CHECK_OK(akgl_sound_pause_all());
    wait_mixed(2400, "50 ms with the device paused");
    CHECK_INT_EQ(state_of(v), AKGL_VOICE_PLAYING); /* it holds its place, unpaused itself */
    CHECK_OK(akgl_sound_resume_all());
    wait_ended(v);
    cap = disk_finish();
    check_ramp_continues(&cap, &ramp);
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(snd));
}

/* Stopping a voice with a fade, and stop_all. */
static void test_voice_stop(void)
{
    akgl_Sound *snd = load_level("held", 0.5f, 4800, true);
    akgl_Voice v1, v2;
    disk_start("stop", 0);
    CHECK_OK(akgl_sound_play(snd, 1.0f, 0.0f, &v1));
    CHECK_OK(akgl_sound_play(snd, 0.5f, 0.0f, &v2));
    wait_mixed(1920, "40 ms of both voices together");
    /* The fade (50 ms) starts with the device paused, so it is still going
     * when its state is read, however long this thread waits for a core. */
    CHECK_OK(akgl_sound_pause_all());
    CHECK_OK(akgl_sound_voice_stop(v1, 50));
    CHECK_INT_EQ(state_of(v1), AKGL_VOICE_PLAYING); /* fading */
    CHECK_OK(akgl_sound_resume_all());
    wait_ended(v1);
    wait_mixed(1920, "40 ms of the second voice alone");
    CHECK_INT_EQ(state_of(v2), AKGL_VOICE_PLAYING);
    /* Releasing a sound ends its voices at once: nothing reads freed samples. */
    CHECK_OK(akgl_heap_release_sound(snd));
    CHECK_INT_EQ(state_of(v2), AKGL_VOICE_ENDED);
    Capture cap = disk_finish();
    CHECK(count_level(&cap, 0.75f) > 0);
    CHECK(count_level(&cap, 0.25f) > 0);
    SDL_free(cap.s);
}

/* A character's state sound plays once per entry into the state. */
static void test_state_sound_once_per_entry(void)
{
    const int walking = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT
                        | AKGL_ACTOR_STATE_MOVING_LEFT;
    const int standing = AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_FACE_LEFT;
    akgl_Sound *step = load_level("step", 0.25f, 2400, false);
    akgl_Sound *hum = load_level("hum", 0.0625f, 2400, true);
    akgl_Character *c = NULL;
    akgl_Actor *actor = NULL;
    CHECK_OK(akgl_heap_next_character(&c));
    CHECK_OK(akgl_character_initialize(c, "stepper"));
    CHECK_OK(akgl_character_sound_add(c, step, walking));
    CHECK_OK(akgl_character_sound_add(c, hum, standing));
    CHECK_OK(akgl_heap_next_actor(&actor));
    CHECK_OK(akgl_actor_initialize(actor, "walker"));
    CHECK_OK(akgl_actor_set_character(actor, "stepper"));
    disk_start("state", 0);
    for (int entry = 0; entry < 2; entry++) {
        actor->state = walking;
        for (int frame = 0; frame < 10; frame++) { /* one entry, ten frames */
            CHECK_OK(akgl_actor_update(actor));
            /* A frame's worth of audio between updates: the step (50 ms)
             * ends within the entry's frames, and is not played again. */
            wait_mixed(480, "a 10 ms frame of audio");
        }
        wait_ended(actor->sound_voice);
        actor->state = standing; /* the hum loops while standing */
        CHECK_OK(akgl_actor_update(actor));
        akgl_Voice hum_voice = actor->sound_voice;
        wait_mixed(1920, "40 ms of the hum");
        CHECK_INT_EQ(state_of(hum_voice), AKGL_VOICE_PLAYING);
        actor->state = walking; /* leaving the state stops its loop */
        CHECK_OK(akgl_actor_update(actor));
        CHECK_INT_EQ(state_of(hum_voice), AKGL_VOICE_ENDED);
        wait_ended(actor->sound_voice);
        actor->state = standing;
        CHECK_OK(akgl_actor_update(actor));
        CHECK_OK(akgl_actor_update(actor));
        hum_voice = actor->sound_voice;
        wait_mixed(960, "20 ms of the hum");
        /* The actor goes: its looping state sound goes with it (below). */
        if (entry == 1) {
            CHECK_OK(akgl_heap_release_actor(actor));
            actor = NULL;
            CHECK_INT_EQ(state_of(hum_voice), AKGL_VOICE_ENDED);
        } else {
            actor->state = standing | AKGL_ACTOR_STATE_DYING; /* unmapped: hum stops */
            CHECK_OK(akgl_actor_update(actor));
            CHECK_INT_EQ(state_of(hum_voice), AKGL_VOICE_ENDED);
        }
    }
    Capture cap = disk_finish();
    /* Four entries into walking, each heard once: 4 x 2400 frames of the step. */
    CHECK_INT_EQ(count_level(&cap, 0.25f), 4 * 2400);
    CHECK_INT_EQ(count_level(&cap, 0.5f), 0);
    CHECK(count_level(&cap, 0.0625f) > 0);
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_OK(akgl_heap_release_sound(step));
    CHECK_OK(akgl_heap_release_sound(hum));
}

/* Nothing allocates while sounds play: not the calls, not the audio thread. */
static void test_no_allocation_when_playing(void)
{
    akgl_Sound *snd = load_level("alloc", 0.25f, 4800, false);
    akgl_Sound *m = load_level("alloc_m", 0.25f, 4800, true);
    akgl_Voice v = AKGL_VOICE_NONE, vm = AKGL_VOICE_NONE;
    disk_start("alloc", 0);
    wait_mixed(2400, "50 ms of silence: the device is running");
    SDL_SetAtomicInt(&allocations, 0);
    for (int i = 0; i < 20; i++) { /* more plays than voices: stealing too */
        CHECK_OK(akgl_sound_play(snd, 0.5f, (float)i / 20.0f, &v));
    }
    CHECK_OK(akgl_sound_music_play(m, 1.0f, 50, &vm));
    CHECK_OK(akgl_sound_set_volume(AKGL_SOUND_BUS_MASTER, 0.5f));
    wait_mixed(1920, "40 ms of the effects and the music's fade-in");
    CHECK_OK(akgl_sound_voice_pause(v));
    CHECK_OK(akgl_sound_pause_all());
    CHECK_OK(akgl_sound_resume_all());
    CHECK_OK(akgl_sound_voice_resume(v));
    wait_ended(v);
    CHECK_OK(akgl_sound_music_stop(50));
    wait_ended(vm);
    CHECK_OK(akgl_sound_set_volume(AKGL_SOUND_BUS_MASTER, 1.0f));
    int n = SDL_GetAtomicInt(&allocations);
    CHECK_MSG(n == 0, "%d SDL allocations while sounds played", n);
    Capture cap = disk_finish();
    CHECK(first_nonzero(&cap, 0) >= 0); /* and it was heard */
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(snd));
    CHECK_OK(akgl_heap_release_sound(m));
}

/* ------------------------------------------------------------------------ */
/* Streamed music (akgl_sound_music_play_file)                              */
/* ------------------------------------------------------------------------ */

static int logged;
static void counting_log(const char *fmt, ...)
{
    (void)fmt;
    logged++;
}

static int streams_open(void)
{
    akgl_sound_reap();
    return akgl_sound_streams_open();
}

/* Writes an Ogg fixture <FIX>/<name>.ogg and returns its path in `path`. */
static void write_ogg(char *path, size_t size, const char *name, int channels, int64_t frames,
                      fx_signal signal, const void *arg)
{
    snprintf(path, size, "%s/%s.ogg", FIX, name);
    CHECK(fx_write_ogg(path, channels, RATE, frames, signal, arg));
}

/*
 * Where `ref` (a sound loaded whole from the same file: the same decoder,
 * so the same floats) lines up with the capture, and whether the capture
 * from `start` goes on as ref[k % frames] for `count` frames, silent frames
 * (a pause) skipped. Returns how many frames matched before the first miss.
 */
static int64_t matches_looped(const Capture *cap, int64_t start, const akgl_Sound *ref,
                              int64_t count, bool skip_silence, bool say)
{
    int64_t k = 0;
    for (int64_t i = start; i < cap->frames && k < count; i++) {
        const float *f = &cap->s[i * 2];
        if (skip_silence && f[0] == 0.0f && f[1] == 0.0f) {
            continue;
        }
        const float *want = &ref->samples[(k % ref->frames) * 2];
        if (fabsf(f[0] - want[0]) > 1e-4f || fabsf(f[1] - want[1]) > 1e-4f) {
            CHECK_MSG(!say, "streamed frame %lld (capture frame %lld): %g %g, want %g %g",
                      (long long)k, (long long)i, (double)f[0], (double)f[1], (double)want[0],
                      (double)want[1]);
            return k;
        }
        k++;
    }
    return k;
}

/*
 * Across the loop point the samples go on: a 100 ms tone whose last frame
 * does not meet its first, streamed three times round, is the file's frames
 * three times over, frame for frame, with nothing between the rounds.
 */
static void test_stream_loops_without_gap(void)
{
    static const fx_tone tone = {0.5f, 330.0f, RATE};
    char path[600];
    akgl_Sound *ref = NULL;
    akgl_Voice v = AKGL_VOICE_NONE;
    write_ogg(path, sizeof(path), "loop", 2, 4800, fx_cosine, &tone);
    CHECK_OK(akgl_sound_load("loop_ref", path, 1.0f, false, &ref));
    if (ref == NULL) {
        return;
    }
    disk_start("stream_loop", 0);
    CHECK_OK(akgl_sound_music_play_file(path, 1.0f, 0, &v));
    CHECK_INT_EQ(state_of(v), AKGL_VOICE_PLAYING);
    CHECK_INT_EQ(streams_open(), 1);
    wait_mixed(ref->frames * 3 + 2400, "three rounds of the streamed loop");
    CHECK_OK(akgl_sound_music_stop(0));
    CHECK_INT_EQ(state_of(v), AKGL_VOICE_ENDED);
    CHECK_INT_EQ(streams_open(), 0);
    CHECK_OK(akgl_sound_music_check());
    Capture cap = disk_finish();
    int64_t start = first_nonzero(&cap, 0);
    CHECK(start >= 0);
    int64_t run = matches_looped(&cap, start, ref, ref->frames * 3, false, true);
    CHECK_MSG(run == ref->frames * 3, "%lld of %lld frames continue the file", (long long)run,
              (long long)(ref->frames * 3));
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(ref));
}

/* Pausing a streamed voice silences it; resuming goes on from the frame it stopped at. */
static void test_stream_pause_resume_stop(void)
{
    static const fx_tone tone = {0.5f, 220.0f, RATE};
    char path[600];
    akgl_Sound *ref = NULL;
    akgl_Voice v = AKGL_VOICE_NONE;
    write_ogg(path, sizeof(path), "pause_stream", 1, 24000, fx_cosine, &tone);
    CHECK_OK(akgl_sound_load("pause_ref", path, 1.0f, false, &ref));
    if (ref == NULL) {
        return;
    }
    disk_start("stream_pause", 0);
    CHECK_OK(akgl_sound_music_play_file(path, 1.0f, 0, &v));
    wait_mixed(2400, "50 ms of the streamed track");
    CHECK_OK(akgl_sound_voice_pause(v));
    CHECK_INT_EQ(state_of(v), AKGL_VOICE_PAUSED);
    wait_mixed(2400, "50 ms with the streamed voice paused");
    CHECK_OK(akgl_sound_voice_resume(v));
    wait_mixed(4800, "100 ms of the track after the pause");
    /* A fade-out ends it, and its file is closed. */
    CHECK_OK(akgl_sound_music_stop(50));
    wait_ended(v);
    CHECK_INT_EQ(streams_open(), 0);
    Capture cap = disk_finish();
    int64_t start = first_nonzero(&cap, 0);
    CHECK(start >= 0);
    /* Before the fade, every heard frame continues the file: 50 ms, the
     * pause skipped, then 100 ms at least. */
    int64_t run = matches_looped(&cap, start, ref, 7200, true, true);
    CHECK_INT_EQ(run, 7200);
    int64_t longest_gap = 0, gap = 0;
    for (int64_t i = start; i < cap.frames; i++) {
        gap = cap.s[i * 2] == 0.0f ? gap + 1 : 0;
        longest_gap = gap > longest_gap ? gap : longest_gap;
        if (i > start + 7200 + 2400) {
            break;
        }
    }
    CHECK_MSG(longest_gap >= 2400, "the pause was %lld frames of silence", (long long)longest_gap);
    /* The capture ends silent: the fade-out ended the track. */
    CHECK(cap.frames > 0 && cap.s[(cap.frames - 1) * 2] == 0.0f);
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(ref));
}

/* Mismatches of the cross-fade that starts at capture frame `f` (see below). */
static int64_t cross_fade_misses(const Capture *cap, int64_t f, int64_t ka, const akgl_Sound *a,
                                 const akgl_Sound *b, int64_t frames, bool say)
{
    int64_t misses = 0;
    for (int64_t j = 0; j < frames && f + j < cap->frames; j++) {
        float ga = j < 4800 ? 1.0f - (float)j / 4800.0f : 0.0f;
        float gb = j < 4800 ? (float)j / 4800.0f : 1.0f;
        for (int c = 0; c < 2; c++) {
            float want = (j < 4800 ? a->samples[((ka + j) % a->frames) * 2 + c] * ga : 0.0f)
                         + b->samples[(j % b->frames) * 2 + c] * gb;
            float got = cap->s[(f + j) * 2 + c];
            if (fabsf(got - want) > 2e-4f) {
                if (say && misses < 3) {
                    CHECK_MSG(0, "cross-fade frame %lld channel %d: %g, want %g", (long long)j,
                              c, (double)got, (double)want);
                }
                misses++;
            }
        }
    }
    return misses;
}

/*
 * Two streamed tracks cross-fade: both open at once, one falling as the
 * other rises over the fade's 4800 frames, the old one closed after it.
 * Each track's frames are known from the same file loaded whole (the same
 * decoder), so every frame of the capture is checked: a alone, then
 * a * (1 - j/4800) + b * j/4800, then b alone.
 */
static void test_stream_cross_fade(void)
{
    static const fx_tone ta = {0.4f, 330.0f, RATE}, tb = {0.3f, 550.0f, RATE};
    char a[600], b[600];
    akgl_Sound *ra = NULL, *rb = NULL;
    akgl_Voice va = AKGL_VOICE_NONE, vb = AKGL_VOICE_NONE;
    write_ogg(a, sizeof(a), "xa", 2, 9600, fx_cosine, &ta);
    write_ogg(b, sizeof(b), "xb", 2, 7200, fx_cosine, &tb);
    CHECK_OK(akgl_sound_load("xa_ref", a, 1.0f, false, &ra));
    CHECK_OK(akgl_sound_load("xb_ref", b, 1.0f, false, &rb));
    if (ra == NULL || rb == NULL) {
        return;
    }
    disk_start("stream_crossfade", 0);
    CHECK_OK(akgl_sound_music_play_file(a, 1.0f, 0, &va));
    wait_mixed(4800, "100 ms of track a alone");
    CHECK_OK(akgl_sound_pause_all());
    CHECK_OK(akgl_sound_music_play_file(b, 1.0f, 100, &vb));
    CHECK_INT_EQ(state_of(va), AKGL_VOICE_PLAYING); /* fading out */
    CHECK_INT_EQ(streams_open(), 2);
    CHECK_OK(akgl_sound_resume_all());
    wait_ended(va);
    CHECK_INT_EQ(streams_open(), 1);
    wait_mixed(4800, "100 ms of track b alone");
    CHECK_OK(akgl_sound_stop_all());
    CHECK_INT_EQ(streams_open(), 0);
    Capture cap = disk_finish();
    int64_t s0 = first_nonzero(&cap, 0);
    CHECK(s0 >= 0);
    /* a alone until the fade; its first frames still match a within the
     * tolerance, so the fade's first frame is found among the last few. */
    int64_t alone = matches_looped(&cap, s0 < 0 ? 0 : s0, ra, cap.frames, false, false);
    CHECK(alone >= 4800);
    /* The device is paused while b starts: when that takes longer than a
     * device period (a slow build: valgrind, TSan), the device mixes silence
     * for it, and the fade starts after that silence, where a left off. */
    int64_t gap = 0;
    while (s0 + alone + gap < cap.frames && cap.s[(s0 + alone + gap) * 2] == 0.0f &&
           cap.s[(s0 + alone + gap) * 2 + 1] == 0.0f) {
        gap++;
    }
    int64_t found = -1;
    if (gap > 0 &&
        cross_fade_misses(&cap, s0 + alone + gap, alone, ra, rb, 4800 + 4000, false) == 0) {
        found = alone;
        SDL_Log("cross-fade after %lld frames of silence (the device paused a period)",
                (long long)gap);
    }
    for (int64_t back = 0; back < 64 && found < 0 && alone - back >= 0; back++) {
        if (cross_fade_misses(&cap, s0 + alone - back, alone - back, ra, rb, 4800 + 4000,
                              false) == 0) {
            found = alone - back;
        }
    }
    CHECK_MSG(found >= 0, "no frame near capture frame %lld starts the cross-fade",
              (long long)(s0 + alone));
    if (found < 0) {
        (void)cross_fade_misses(&cap, s0 + alone - 1, alone - 1, ra, rb, 4800 + 4000, true);
    }
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(ra));
    CHECK_OK(akgl_heap_release_sound(rb));
}

/*
 * A file that turns bad half-way stops the music: the track plays up to
 * the damage, the voice ends (no hang, no busy loop: the case would time
 * out), the error is logged once and handed over once by
 * akgl_sound_music_check, and the file is closed.
 */
static void check_bad_half_way(const char *name, const char *path, const char *needle)
{
    akerr_LogFunction saved = akerr_log_method;
    akgl_Voice v = AKGL_VOICE_NONE;
    disk_start(name, 0);
    logged = 0;
    akerr_log_method = counting_log;
    CHECK_OK(akgl_sound_music_play_file(path, 1.0f, 0, &v));
    wait_ended(v);
    akerr_log_method = saved;
    CHECK_INT_EQ(logged, 1);
    CHECK_STATUS_MSG(akgl_sound_music_check(), AKERR_FORMAT, needle);
    CHECK_OK(akgl_sound_music_check()); /* once */
    CHECK_INT_EQ(streams_open(), 0);
    Capture cap = disk_finish();
    int64_t heard = cap.frames - first_nonzero(&cap, 0);
    CHECK_MSG(first_nonzero(&cap, 0) >= 0 && heard > 4800, "%lld frames heard before it stopped",
              (long long)heard);
    SDL_free(cap.s);
}

/*
 * A loaded track and a streamed one cross-fade either way, by the same
 * rule: loaded -> streamed -> loaded, each old track ending after its fade,
 * the streamed one's file closed when it has.
 */
static void test_stream_cross_fades_with_loaded_music(void)
{
    static const fx_tone tone = {0.3f, 550.0f, RATE};
    akgl_Sound *loaded = load_level("loaded_m", 0.5f, 4800, true);
    char path[600];
    akgl_Voice vl = AKGL_VOICE_NONE, vs = AKGL_VOICE_NONE, vl2 = AKGL_VOICE_NONE;
    write_ogg(path, sizeof(path), "mixed", 2, 9600, fx_cosine, &tone);
    disk_start("stream_mixed", 0);
    CHECK_OK(akgl_sound_music_play(loaded, 1.0f, 0, &vl));
    wait_mixed(2400, "50 ms of the loaded track");
    CHECK_OK(akgl_sound_music_play_file(path, 1.0f, 50, &vs));
    wait_ended(vl);
    CHECK_INT_EQ(state_of(vs), AKGL_VOICE_PLAYING);
    CHECK_INT_EQ(streams_open(), 1);
    wait_mixed(2400, "50 ms of the streamed track");
    CHECK_OK(akgl_sound_music_play(loaded, 1.0f, 50, &vl2));
    wait_ended(vs);
    CHECK_INT_EQ(streams_open(), 0);
    CHECK_INT_EQ(state_of(vl2), AKGL_VOICE_PLAYING);
    wait_mixed(2400, "50 ms of the loaded track again");
    CHECK_OK(akgl_sound_music_stop(0));
    Capture cap = disk_finish();
    /* The loaded level before and after; the tone between (never above
     * 0.3 plus the codec's error, never the level). */
    int64_t start = first_nonzero(&cap, 0);
    int64_t i = start;
    while (i >= 0 && i < cap.frames && fabsf(cap.s[i * 2] - 0.5f) < EPS) {
        i++;
    }
    CHECK_MSG(start >= 0 && i - start >= 2400, "%lld frames of the loaded level first",
              (long long)(i - start));
    CHECK_MSG(count_level(&cap, 0.5f) >= 4800, "%lld frames at the loaded level in all",
              (long long)count_level(&cap, 0.5f));
    int64_t tone_frames = 0;
    for (int64_t k = i + 2400; k < cap.frames; k++) { /* past the first cross-fade */
        if (fabsf(cap.s[k * 2] - 0.5f) < EPS) {
            break;
        }
        tone_frames += fabsf(cap.s[k * 2]) <= 0.31f && cap.s[k * 2] != 0.0f ? 1 : 0;
    }
    CHECK_MSG(tone_frames >= 1000, "%lld frames of the streamed tone alone",
              (long long)tone_frames);
    SDL_free(cap.s);
    CHECK_OK(akgl_heap_release_sound(loaded));
}

/* A tone under noise: it compresses badly, so two seconds fill many Ogg pages. */
static float noisy(int64_t i, int c, const void *arg)
{
    (void)arg;
    uint32_t h = (uint32_t)(i * 2 + c) * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return 0.3f * (float)cos(2.0 * M_PI * 440.0 * (double)i / RATE)
           + 0.2f * ((float)(h & 0xffff) / 32768.0f - 1.0f);
}

static void test_stream_bad_half_way(void)
{
    char good[600], cut[600], bad[600];
    write_ogg(good, sizeof(good), "whole", 2, 96000, noisy, NULL);
    long size = fx_file_size(good);
    CHECK(size > 1000);
    /* Cut at 60%: the headers and the first pages are whole. */
    snprintf(cut, sizeof(cut), "%s/cut.ogg", FIX);
    CHECK(fx_truncate(good, cut, size * 6 / 10));
    check_bad_half_way("stream_cut", cut, "truncated");
    /* Damaged at 60%: a page whose checksum fails is skipped, a hole. */
    snprintf(bad, sizeof(bad), "%s/damaged.ogg", FIX);
    CHECK(fx_truncate(good, bad, size));
    FILE *f = fopen(bad, "r+b");
    CHECK(f != NULL);
    if (f != NULL) {
        fseek(f, size * 6 / 10, SEEK_SET);
        for (int i = 0; i < 64; i++) {
            fputc(0x5a ^ i, f);
        }
        fclose(f);
    }
    check_bad_half_way("stream_damaged", bad, "corrupt");
}

/* Streaming allocates nothing once the track is open: not the decode, not the loop. */
static void test_stream_no_allocation_when_playing(void)
{
    float level = 0.25f;
    char path[600];
    akgl_Voice v = AKGL_VOICE_NONE;
    write_ogg(path, sizeof(path), "alloc_stream", 1, 4800, fx_level, &level);
    disk_start("stream_alloc", 0);
    CHECK_OK(akgl_sound_music_play_file(path, 1.0f, 0, &v));
    wait_mixed(2400, "50 ms of the streamed track");
    SDL_SetAtomicInt(&allocations, 0);
    wait_mixed(4800 * 3, "three rounds of the loop");
    CHECK_OK(akgl_sound_voice_pause(v));
    CHECK_OK(akgl_sound_voice_resume(v));
    wait_mixed(2400, "50 ms more");
    int n = SDL_GetAtomicInt(&allocations);
    CHECK_MSG(n == 0, "%d SDL allocations while a streamed track played", n);
    CHECK_OK(akgl_sound_music_stop(0));
    CHECK_INT_EQ(streams_open(), 0);
    Capture cap = disk_finish();
    CHECK(first_nonzero(&cap, 0) >= 0);
    SDL_free(cap.s);
}


/* No audio device at all: sound starts silent, logs once, and everything works. */
static void test_no_device_plays_silence(void)
{
    akerr_LogFunction saved = akerr_log_method;
    bool device = true;
    akgl_Voice v = 1;
    akgl_VoiceState state = AKGL_VOICE_PLAYING;
    CHECK_OK(akgl_sound_stop());
    SDL_SetHintWithPriority(SDL_HINT_AUDIO_DRIVER, "no-such-driver", SDL_HINT_OVERRIDE);
    logged = 0;
    akerr_log_method = counting_log;
    CHECK_OK(akgl_sound_start(0));
    akerr_log_method = saved;
    CHECK_INT_EQ(logged, 1);
    CHECK_OK(akgl_sound_status(&device, NULL, NULL));
    CHECK(!device);
    akgl_Sound *snd = load_level("silent", 0.5f, 480, false);
    CHECK(snd != NULL && snd->rate == RATE);
    CHECK_OK(akgl_sound_play(snd, 1.0f, 0.0f, &v));
    CHECK_INT_EQ(v, AKGL_VOICE_NONE);
    CHECK_OK(akgl_sound_voice_state(v, &state));
    CHECK_INT_EQ(state, AKGL_VOICE_ENDED);
    CHECK_OK(akgl_sound_music_play(snd, 1.0f, 100, &v));
    /* A streamed track is opened and checked, then closed: nothing plays. */
    float level = 0.25f;
    char path[600];
    write_ogg(path, sizeof(path), "silent_stream", 1, 4800, fx_level, &level);
    v = 1;
    CHECK_OK(akgl_sound_music_play_file(path, 1.0f, 100, &v));
    CHECK_INT_EQ(v, AKGL_VOICE_NONE);
    CHECK_INT_EQ(streams_open(), 0);
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/no-such.ogg", 1.0f, 0, &v), ENOENT,
                     "no-such.ogg");
    CHECK_OK(akgl_sound_pause_all());
    CHECK_OK(akgl_sound_resume_all());
    CHECK_OK(akgl_sound_stop_all());
    CHECK_OK(akgl_heap_release_sound(snd));
    CHECK_OK(akgl_sound_stop());
    SDL_ResetHint(SDL_HINT_AUDIO_DRIVER);
    CHECK_OK(akgl_sound_start(0));
    CHECK_OK(akgl_sound_status(&device, NULL, NULL));
    CHECK(device);
}

static void test_start_refusals(void)
{
    CHECK_STATUS_MSG(akgl_sound_start(0), AKERR_BEHAVIOR, "started already");
    CHECK_OK(akgl_sound_stop());
    CHECK_OK(akgl_sound_stop()); /* stopped: nothing to do */
    CHECK_STATUS_MSG(akgl_sound_start(2), AKERR_VALUE, "2 voices; it must be 3..255");
    CHECK_STATUS_MSG(akgl_sound_start(256), AKERR_VALUE, "256 voices");
    CHECK_OK(akgl_sound_start(0));
}

int main(void)
{
    count_allocations();
    /* This suite listens through the disk driver (the others run on dummy). */
    SDL_setenv_unsafe("SDL_AUDIO_DRIVER", "disk", 1); /* before SDL reads it */
    snprintf(out_path, sizeof(out_path), "%s/idle.raw", FIX);
    SDL_SetHint(SDL_HINT_AUDIO_DISK_OUTPUT_FILE, out_path);
    AKGL_TEST_BEGIN();
    test_add_counter("music streams open", streams_open);
    RUN_TEST(test_one_shot_volume_and_pan);
    RUN_TEST(test_two_voices_sum);
    RUN_TEST(test_fade_ramps);
    RUN_TEST(test_cross_fade);
    RUN_TEST(test_music_loops_whatever_its_flag);
    RUN_TEST(test_cross_fade_before_the_first_frame);
    RUN_TEST(test_stealing_takes_oldest_effect);
    RUN_TEST(test_pause_and_resume_voice);
    RUN_TEST(test_voice_stop);
    RUN_TEST(test_state_sound_once_per_entry);
    RUN_TEST(test_no_allocation_when_playing);
    RUN_TEST(test_stream_loops_without_gap);
    RUN_TEST(test_stream_pause_resume_stop);
    RUN_TEST(test_stream_cross_fade);
    RUN_TEST(test_stream_cross_fades_with_loaded_music);
    RUN_TEST(test_stream_bad_half_way);
    RUN_TEST(test_stream_no_allocation_when_playing);
    RUN_TEST(test_no_device_plays_silence);
    RUN_TEST(test_start_refusals);
    return AKGL_TEST_END();
}
