/*
 * Sounds: loading WAV and Ogg, every refusal of bad input, the sound bank,
 * the pool and registry, unloading, and the API's argument checks. Runs on
 * SDL's dummy audio driver (the suite's environment); what is heard is
 * tested by test_sound_play.c on the disk driver.
 */
#define _POSIX_C_SOURCE 200809L /* chdir, getcwd */
#include <akgl/character.h>
#include <akgl/game.h>
#include <akgl/heap.h>
#include <akgl/registry.h>
#include <akgl/sound.h>

#include <errno.h>
#include <math.h>
#include <unistd.h>

#include "akgl_test.h"
#include "test_platform.h"
#include "sound_fixture.h"

#define FIX AKGL_SOUND_FIXTURE_DIR
#define BANKS AKGL_TEST_ASSETS_DIR "/sound"

static const float half = 0.5f;
static const fx_tone a440 = {0.5f, 440.0f, 48000};
static const fx_tone a440_22k = {0.5f, 440.0f, 22050};
static const fx_tone a440_44k = {0.5f, 440.0f, 44100};

static const float max_sample = AKGL_SOUND_MAX_SAMPLE;

/* Silence with one finite sample of 1e30 at frame 100. */
static float fx_huge_at_100(int64_t i, int c, const void *arg)
{
    (void)c;
    (void)arg;
    return i == 100 ? 1e30f : 0.0f;
}

/* Every fixture this suite reads, made once. */
static void make_fixtures(void)
{
    mkdir(FIX, 0755);
    CHECK(fx_write_wav(FIX "/tone.wav", 1, 48000, 4800, fx_cosine, &a440));
    CHECK(fx_write_wav(FIX "/beep.wav", 2, 22050, 2205, fx_cosine, &a440_22k));
    CHECK(fx_write_ogg(FIX "/tone.ogg", 2, 44100, 44100, fx_level, &half));
    CHECK(fx_write_wav_raw(FIX "/pcm16.wav", 1, 1, 48000, 480, 480, fx_level, &half));
    CHECK(fx_write_wav_raw(FIX "/truncated.wav", 3, 1, 48000, 4800, 1000, fx_level, &half));
    CHECK(fx_write_wav_raw(FIX "/zero_channels.wav", 3, 0, 48000, 100, 100, fx_level, &half));
    CHECK(fx_write_wav_raw(FIX "/three_channels.wav", 3, 3, 48000, 100, 100, fx_level, &half));
    /* MS ADPCM (tag 2) with 3 channels: SDL's ADPCM decoder refuses it, wordlessly too. */
    CHECK(fx_write_wav_raw(FIX "/adpcm_three_channels.wav", 2, 3, 48000, 100, 100, fx_level,
                           &half));
    CHECK(fx_write_wav_raw(FIX "/rate_1hz.wav", 3, 1, 1, 100, 100, fx_level, &half));
    CHECK(fx_write_wav_raw(FIX "/rate_10mhz.wav", 3, 1, 10000000, 100, 100, fx_level, &half));
    CHECK(fx_write_wav_raw(FIX "/empty.wav", 3, 1, 48000, 0, 0, fx_level, &half));
    CHECK(fx_write_text(FIX "/text.wav", "this is not a sound\n"));
    CHECK(fx_truncate(FIX "/tone.ogg", FIX "/truncated.ogg", fx_file_size(FIX "/tone.ogg") / 2));
    CHECK(fx_truncate(FIX "/tone.ogg", FIX "/headers_only.ogg", 200));
    CHECK(fx_write_ogg(FIX "/long.ogg", 1, 44100, 5 * 44100, fx_cosine, &a440_44k));
    CHECK(fx_truncate(FIX "/long.ogg", FIX "/cut_end.ogg", fx_file_size(FIX "/long.ogg") - 10));
    /* 10 ms: the headers' pages and one audio page, cut inside that page. */
    CHECK(fx_write_ogg(FIX "/short.ogg", 1, 44100, 441, fx_level, &half));
    CHECK(fx_truncate(FIX "/short.ogg", FIX "/short_cut.ogg", fx_file_size(FIX "/short.ogg") - 10));
    /* Float samples a voice cannot play (stereo: a third NaN, a third
     * infinite), one finite but huge, and the largest allowed. */
    CHECK(fx_write_wav(FIX "/nan_inf.wav", 2, 48000, 480, fx_nan_inf, &half));
    CHECK(fx_write_wav(FIX "/huge_sample.wav", 1, 48000, 480, fx_huge_at_100, NULL));
    CHECK(fx_write_wav(FIX "/max_sample.wav", 1, 48000, 480, fx_level, &max_sample));
    /* Five seconds of audio (several pages: the first audio page's granule
     * position is the start, the last one's the end) whose headers say
     * 384 kHz and whose last page says 599 s: 230,016,000 frames, 1.84 GB
     * of float stereo, in ~20 KB. */
    CHECK(fx_write_ogg_claiming(FIX "/liar.ogg", 2, 48000, 5 * 48000, fx_cosine, &a440, 384000,
                                599LL * 384000));
}

static void test_load_wav_converts_to_device_format(void)
{
    akgl_Sound *snd = NULL;
    int rate = 0;
    bool device = false;
    CHECK_OK(akgl_sound_status(&device, &rate, NULL));
    CHECK_INT_EQ(rate, 48000);
    CHECK_OK(akgl_sound_load("tone", FIX "/tone.wav", 0.5f, false, &snd));
    CHECK(snd != NULL);
    if (snd == NULL) {
        return;
    }
    CHECK_INT_EQ(snd->refcount, 1);
    CHECK_INT_EQ(snd->frames, 4800);
    CHECK_INT_EQ(snd->rate, 48000);
    CHECK(snd->volume == 0.5f);
    /* Mono became stereo, each side the file's sample, unchanged. */
    for (int i = 0; i < 4800; i += 97) {
        float want = fx_cosine(i, 0, &a440);
        CHECK_MSG(fabsf(snd->samples[i * 2] - want) < 1e-5f && snd->samples[i * 2 + 1]
                  == snd->samples[i * 2], "frame %d: %g/%g, want %g", i,
                  (double)snd->samples[i * 2], (double)snd->samples[i * 2 + 1], (double)want);
    }
    akgl_Sound *found = NULL;
    CHECK_OK(akgl_sound_get("tone", &found));
    CHECK(found == snd);
    CHECK_OK(akgl_heap_release_sound(snd));
    CHECK_STATUS_MSG(akgl_sound_get("tone", &found), AKERR_KEY,
                     "no sound named \"tone\" is registered");
    CHECK(found == NULL);
}

static void test_load_resamples_once(void)
{
    akgl_Sound *snd = NULL;
    /* 22050 Hz stereo, 0.1 s: 4800 frames at the device's 48000. */
    CHECK_OK(akgl_sound_load("beep", FIX "/beep.wav", 1.0f, false, &snd));
    if (snd != NULL) {
        CHECK_MSG(snd->frames >= 4790 && snd->frames <= 4810, "%lld frames",
                  (long long)snd->frames);
        CHECK_OK(akgl_heap_release_sound(snd));
    }
    CHECK_OK(akgl_sound_load("pcm16", FIX "/pcm16.wav", 1.0f, false, &snd));
    if (snd != NULL) {
        CHECK_INT_EQ(snd->frames, 480);
        CHECK(fabsf(snd->samples[100] - 0.5f) < 1e-4f);
        CHECK_OK(akgl_heap_release_sound(snd));
    }
}

static void test_load_ogg(void)
{
    akgl_Sound *snd = NULL;
    CHECK_OK(akgl_sound_load("theme", FIX "/tone.ogg", 1.0f, true, &snd));
    if (snd == NULL) {
        return;
    }
    CHECK(snd->loop);
    CHECK_MSG(snd->frames >= 47990 && snd->frames <= 48010, "%lld frames", (long long)snd->frames);
    /* Lossy, but a constant level decodes to nearly that level mid-file. */
    CHECK_MSG(fabsf(snd->samples[24000 * 2] - 0.5f) < 0.02f, "%g", (double)snd->samples[48000]);
    CHECK_OK(akgl_heap_release_sound(snd));
}

/* Each bad file: the status, the file and the value named, and nothing claimed. */
static void test_bad_files(void)
{
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/no-such.wav", 1.0f, false, NULL), ENOENT,
                     "no-such.wav");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/text.wav", 1.0f, false, NULL), AKERR_FORMAT,
                     "text.wav\" is neither WAV");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/text.wav", 1.0f, false, NULL), AKERR_FORMAT,
                     "begins with 74 68 69 73");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/truncated.wav", 1.0f, false, NULL), AKERR_FORMAT,
                     "truncated.wav");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/truncated.ogg", 1.0f, false, NULL), AKERR_FORMAT,
                     "truncated.ogg");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/headers_only.ogg", 1.0f, false, NULL),
                     AKERR_FORMAT, "headers_only.ogg");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/cut_end.ogg", 1.0f, false, NULL), AKERR_FORMAT,
                     "truncated: the last whole Ogg page ends at byte");
    /* SDL refuses 0 channels itself, without the number: ours names it. */
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/zero_channels.wav", 1.0f, false, NULL),
                     AKERR_VALUE, "zero_channels.wav\": 0 channels; a sound has 1 or 2");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/adpcm_three_channels.wav", 1.0f, false, NULL),
                     AKERR_VALUE, "adpcm_three_channels.wav\": 3 channels; a sound has 1 or 2");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/three_channels.wav", 1.0f, false, NULL),
                     AKERR_VALUE, "three_channels.wav\": 3 channels");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/rate_1hz.wav", 1.0f, false, NULL), AKERR_VALUE,
                     "sample rate 1 Hz is outside 4000..384000");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/rate_10mhz.wav", 1.0f, false, NULL), AKERR_VALUE,
                     "rate_10mhz.wav\": sample rate 10000000 Hz");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/empty.wav", 1.0f, false, NULL), AKERR_VALUE,
                     "empty.wav\" has no samples");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX, 1.0f, false, NULL), EISDIR, FIX);
}

/* Where the whole pages of an Ogg file end: the offset of the page cut short. */
static long ogg_whole_pages_end(const char *path)
{
    size_t len = 0;
    unsigned char *d = SDL_LoadFile(path, &len);
    size_t at = 0;
    while (d != NULL && at + 27 <= len && at + 27 + d[at + 26] <= len) {
        size_t body = 0;
        for (int i = 0; i < d[at + 26]; i++) {
            body += d[at + 27 + i];
        }
        if (at + 27 + d[at + 26] + body > len) {
            break;
        }
        at += 27 + d[at + 26] + body;
    }
    SDL_free(d);
    return (long)at;
}

/* A truncated Ogg is AKERR_FORMAT saying where the last whole page ends,
 * also when the cut is inside its only audio page (which vorbisfile reads
 * as a file with no samples). */
static void test_ogg_cut_in_its_only_audio_page(void)
{
    char want[128];
    int before = SDL_GetNumAllocations();
    long whole = ogg_whole_pages_end(FIX "/short_cut.ogg");
    long size = fx_file_size(FIX "/short_cut.ogg");
    CHECK(whole > 0 && whole < size);
    snprintf(want, sizeof(want), "short_cut.ogg\": truncated: the last whole Ogg page ends at "
             "byte %ld of %ld", whole, size);
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/short_cut.ogg", 1.0f, false, NULL), AKERR_FORMAT,
                     want);
    /* The whole file loads: the cut is all that is wrong with it. */
    akgl_Sound *snd = NULL;
    CHECK_OK(akgl_sound_load("short", FIX "/short.ogg", 1.0f, false, &snd));
    if (snd != NULL) {
        CHECK_OK(akgl_heap_release_sound(snd));
    }
    CHECK_INT_EQ(SDL_GetNumAllocations(), before);
}

/*
 * A float WAV's samples must be finite and within AKGL_SOUND_MAX_SAMPLE: a
 * file of NaN and infinity used to load and make a third of the device's
 * output NaN while it played. Refused at load, naming the first bad sample
 * and how many there are.
 */
static void test_samples_a_voice_cannot_play(void)
{
    int before = SDL_GetNumAllocations();
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/nan_inf.wav", 1.0f, false, NULL), AKERR_VALUE,
                     "nan_inf.wav\": sample 1 (frame 0, channel 1) is nan; a sample must be a "
                     "finite number within +-65536 (AKGL_SOUND_MAX_SAMPLE), and 640 of the 960 "
                     "samples are not");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/huge_sample.wav", 1.0f, false, NULL),
                     AKERR_VALUE, "huge_sample.wav\": sample 100 (frame 100, channel 0) is "
                     "1e+30; a sample must be a finite number within +-65536");
    /* At the limit: it loads, and plays its number as it is. */
    akgl_Sound *snd = NULL;
    CHECK_OK(akgl_sound_load("max", FIX "/max_sample.wav", 1.0f, false, &snd));
    if (snd != NULL) {
        CHECK(snd->samples[0] == AKGL_SOUND_MAX_SAMPLE);
        CHECK_OK(akgl_heap_release_sound(snd));
    }
    CHECK_INT_EQ(SDL_GetNumAllocations(), before);
}

/* The largest block asked of SDL while armed (wrapping whatever is installed). */
static SDL_malloc_func big_malloc;
static SDL_calloc_func big_calloc;
static SDL_realloc_func big_realloc;
static SDL_free_func big_free;
static size_t largest;

static void *SDLCALL largest_malloc(size_t size)
{
    largest = size > largest ? size : largest;
    return big_malloc(size);
}

static void *SDLCALL largest_calloc(size_t n, size_t size)
{
    largest = n * size > largest ? n * size : largest;
    return big_calloc(n, size);
}

static void *SDLCALL largest_realloc(void *p, size_t size)
{
    largest = size > largest ? size : largest;
    return big_realloc(p, size);
}

/*
 * An Ogg file of about 20 KB whose last page claims ten minutes at 384 kHz
 * (1.84 GB of samples): refused as the liar it is, and the buffer is sized
 * by what decodes, so the load never asks for more than a few megabytes.
 */
static void test_ogg_claiming_a_length_it_has_not(void)
{
    int before = SDL_GetNumAllocations();
    CHECK(fx_file_size(FIX "/liar.ogg") < 64 * 1024);
    /* The wrappers pass every call to the functions in place, so a block
     * from either side may be freed by the other. */
    SDL_GetMemoryFunctions(&big_malloc, &big_calloc, &big_realloc, &big_free);
    largest = 0;
    SDL_SetMemoryFunctions(largest_malloc, largest_calloc, largest_realloc, big_free);
    CHECK_STATUS_MSG(akgl_sound_load("liar", FIX "/liar.ogg", 1.0f, false, NULL), AKERR_FORMAT,
                     "liar.ogg\": its last Ogg page claims 230016000 frames, but ");
    SDL_SetMemoryFunctions(big_malloc, big_calloc, big_realloc, big_free);
    CHECK_MSG(largest <= 4u * 1024 * 1024, "the load asked for a block of %zu bytes", largest);
    CHECK_INT_EQ(SDL_GetNumAllocations(), before);
}

static void test_bad_arguments(void)
{
    akgl_Sound *snd = NULL;
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/tone.wav", NAN, false, NULL), AKERR_VALUE,
                     "tone.wav\": volume nan");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/tone.wav", -0.25f, false, NULL), AKERR_VALUE,
                     "volume -0.25 is not in 0..4");
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/tone.wav", 5.0f, false, NULL), AKERR_VALUE,
                     "volume 5");
    CHECK_STATUS(akgl_sound_load(NULL, FIX "/tone.wav", 1.0f, false, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_sound_load("x", NULL, 1.0f, false, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_sound_load("", FIX "/tone.wav", 1.0f, false, NULL), AKERR_VALUE);
    char longname[AKGL_SOUND_MAX_NAME_LENGTH + 1];
    memset(longname, 'n', sizeof(longname) - 1);
    longname[sizeof(longname) - 1] = '\0';
    CHECK_STATUS(akgl_sound_load(longname, FIX "/tone.wav", 1.0f, false, NULL), AKERR_OUTOFBOUNDS);
    char longpath[AKGL_SOUND_MAX_PATH_LENGTH + 8];
    memset(longpath, 'p', sizeof(longpath) - 1);
    longpath[sizeof(longpath) - 1] = '\0';
    CHECK_STATUS_MSG(akgl_sound_load("x", longpath, 1.0f, false, NULL), AKERR_OUTOFBOUNDS,
                     "the limit is 511");

    /* A name taken is refused, not replaced. */
    CHECK_OK(akgl_sound_load("tone", FIX "/tone.wav", 1.0f, false, &snd));
    CHECK_STATUS(akgl_sound_load("tone", FIX "/beep.wav", 1.0f, false, NULL), AKERR_REGISTRY);

    /* Playing: the values are checked, a released sound refused. */
    CHECK_STATUS_MSG(akgl_sound_play(snd, NAN, 0.0f, NULL), AKERR_VALUE, "volume nan");
    CHECK_STATUS_MSG(akgl_sound_play(snd, -1.0f, 0.0f, NULL), AKERR_VALUE, "volume -1");
    CHECK_STATUS_MSG(akgl_sound_play(snd, 1.0f, 1.5f, NULL), AKERR_VALUE, "pan 1.5");
    CHECK_STATUS_MSG(akgl_sound_play(snd, 1.0f, NAN, NULL), AKERR_VALUE, "pan nan");
    CHECK_STATUS(akgl_sound_play(NULL, 1.0f, 0.0f, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_sound_music_play(snd, 1.0f, -1, NULL), AKERR_VALUE);
    CHECK_STATUS_MSG(akgl_sound_music_play(snd, NAN, 0, NULL), AKERR_VALUE, "volume nan");
    CHECK_STATUS(akgl_sound_music_play(NULL, 1.0f, 0, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_sound_voice_pause((akgl_Voice)0x100 | 99), AKERR_VALUE);
    CHECK_STATUS(akgl_sound_voice_resume((akgl_Voice)0x100 | 99), AKERR_VALUE);
    CHECK_STATUS(akgl_sound_voice_stop((akgl_Voice)0x100 | 99, 0), AKERR_VALUE);
    CHECK_STATUS(akgl_sound_status(NULL, NULL, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_sound_get(NULL, &(akgl_Sound *){NULL}), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_sound_get("tone", NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_character_sound_get(NULL, 0, &(akgl_Sound *){NULL}), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_sound_music_stop(-5), AKERR_VALUE);
    CHECK_STATUS(akgl_sound_voice_stop(AKGL_VOICE_NONE, -5), AKERR_VALUE);
    CHECK_STATUS_MSG(akgl_sound_set_volume(AKGL_SOUND_BUS_MUSIC, NAN), AKERR_VALUE, "volume nan");
    CHECK_STATUS(akgl_sound_set_volume((akgl_SoundBus)7, 1.0f), AKERR_VALUE);
    CHECK_STATUS(akgl_sound_get_volume(AKGL_SOUND_BUS_COUNT, &(float){0}), AKERR_VALUE);
    CHECK_STATUS(akgl_sound_get_volume(AKGL_SOUND_BUS_MASTER, NULL), AKERR_NULLPOINTER);
    akgl_VoiceState state = AKGL_VOICE_PLAYING;
    CHECK_STATUS_MSG(akgl_sound_voice_state((akgl_Voice)0x100 | 200, &state), AKERR_VALUE,
                     "names voice 200; there are 16");
    CHECK_STATUS(akgl_sound_voice_state(AKGL_VOICE_NONE, NULL), AKERR_NULLPOINTER);
    CHECK_OK(akgl_sound_voice_state(AKGL_VOICE_NONE, &state));
    CHECK_INT_EQ(state, AKGL_VOICE_ENDED);
    CHECK_OK(akgl_heap_release_sound(snd));
    CHECK_STATUS(akgl_heap_release_sound(snd), AKGL_ERR_HEAP);
    CHECK_STATUS(akgl_sound_play(snd, 1.0f, 0.0f, NULL), AKGL_ERR_HEAP);
    CHECK_STATUS(akgl_sound_music_play(snd, 1.0f, 0, NULL), AKGL_ERR_HEAP);
    CHECK_STATUS(akgl_heap_release_sound(NULL), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_heap_next_sound(NULL), AKERR_NULLPOINTER);
}

/* A missing name fails at the lookup, with what is there; playing by name is one call. */
static void test_lookup_by_name(void)
{
    akgl_Sound *coin = NULL, *found = (akgl_Sound *)&found;
    CHECK_OK(akgl_sound_load("coin", FIX "/tone.wav", 1.0f, false, &coin));
    CHECK_STATUS_MSG(akgl_sound_get("cion", &found), AKERR_KEY,
                     "no sound named \"cion\" is registered; did you mean \"coin\"? "
                     "(1 registered: \"coin\")");
    CHECK(found == NULL);
    CHECK_STATUS_MSG(akgl_sound_play_named("cion", 1.0f, 0.0f, NULL), AKERR_KEY,
                     "did you mean \"coin\"?");
    CHECK_STATUS(akgl_sound_play_named(NULL, 1.0f, 0.0f, NULL), AKERR_NULLPOINTER);
    CHECK_STATUS_MSG(akgl_sound_play_named("coin", 2.0f * AKGL_SOUND_MAX_VOLUME, 0.0f, NULL),
                     AKERR_VALUE, "volume");
    akgl_Voice voice = AKGL_VOICE_NONE;
    akgl_VoiceState state = AKGL_VOICE_ENDED;
    CHECK_OK(akgl_sound_play_named("coin", 1.0f, 0.0f, &voice));
    CHECK(voice != AKGL_VOICE_NONE);
    CHECK_OK(akgl_sound_voice_state(voice, &state));
    CHECK_INT_EQ(state, AKGL_VOICE_PLAYING);
    CHECK_OK(akgl_sound_voice_stop(voice, 0));
    CHECK_OK(akgl_heap_release_sound(coin));
    CHECK_STATUS_MSG(akgl_sound_get("coin", &found), AKERR_KEY, "(the sound registry is empty)");
}

static void test_volumes(void)
{
    float v = 0.0f;
    CHECK_OK(akgl_sound_get_volume(AKGL_SOUND_BUS_MASTER, &v));
    CHECK(v == 1.0f);
    CHECK_OK(akgl_sound_set_volume(AKGL_SOUND_BUS_EFFECTS, 0.25f));
    CHECK_OK(akgl_sound_get_volume(AKGL_SOUND_BUS_EFFECTS, &v));
    CHECK(v == 0.25f);
    CHECK_OK(akgl_sound_set_volume(AKGL_SOUND_BUS_EFFECTS, 1.0f));
}

/* The working directory first, then beside the JSON (as sprite sheets). */
static void test_bank_loads(void)
{
    char cwd[1024];
    akgl_Sound *snd = NULL;
    CHECK(getcwd(cwd, sizeof(cwd)) != NULL);
    CHECK_INT_EQ(chdir(FIX), 0);
    CHECK_OK(akgl_sound_load_json(BANKS "/bank.json"));
    CHECK_OK(akgl_sound_get("tone", &snd));
    CHECK(snd != NULL && snd->volume == 0.5f && !snd->loop);
    CHECK_OK(akgl_sound_get("theme", &snd));
    CHECK(snd != NULL && snd->volume == 1.0f && snd->loop);
    CHECK_OK(akgl_sound_get("beep", &snd));
    CHECK(snd != NULL && snd->volume == 1.0f && !snd->loop);
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_SOUNDS));
    CHECK_STATUS(akgl_sound_get("tone", &snd), AKERR_KEY);
    CHECK(snd == NULL);

    /* Beside the JSON: a bank written next to its sounds, loaded from elsewhere. */
    CHECK(fx_write_text(FIX "/beside.json",
                        "{\"sounds\": [{\"name\": \"beside\", \"file\": \"tone.wav\"}]}"));
    CHECK_INT_EQ(chdir("/"), 0);
    CHECK_OK(akgl_sound_load_json(FIX "/beside.json"));
    CHECK_OK(akgl_sound_get("beside", &snd));
    CHECK(snd != NULL);
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_SOUNDS));
    CHECK_INT_EQ(chdir(cwd), 0);
}

/* A bad bank: the status, the bank, the element and the value; nothing kept. */
static void test_bank_refusals(void)
{
    char cwd[1024];
    CHECK(getcwd(cwd, sizeof(cwd)) != NULL);
    CHECK_INT_EQ(chdir(FIX), 0);
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/sounds_not_array.json"), AKERR_TYPE,
                     "sounds_not_array.json");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/volume_string.json"), AKERR_TYPE,
                     "\"sounds\"[0]");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/volume_string.json"), AKERR_TYPE, "volume");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/loop_number.json"), AKERR_TYPE, "loop");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/entry_not_object.json"), AKERR_TYPE,
                     "\"sounds\"[1]");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/negative_volume.json"), AKERR_VALUE,
                     "beep.wav\": volume -0.5");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/negative_volume.json"), AKERR_VALUE,
                     "negative_volume.json");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/missing_file.json"), ENOENT,
                     "no-such-sound.wav");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/name_missing.json"), AKERR_KEY, "name");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/not_a_sound.json"), AKERR_FORMAT,
                     "neither WAV");
    CHECK_STATUS_MSG(akgl_sound_load_json(BANKS "/no-such-bank.json"), ENOENT, "no-such-bank");
    CHECK_STATUS(akgl_sound_load_json(NULL), AKERR_NULLPOINTER);
    /* The first entries of the failed banks were loaded, then given back. */
    akgl_Sound *snd = NULL;
    CHECK_STATUS(akgl_sound_get("tone", &snd), AKERR_KEY);
    CHECK(snd == NULL);
    CHECK_INT_EQ(chdir(cwd), 0);
}

/* 64 load/release cycles end where they began: slots, names, SDL's memory. */
static void test_load_release_cycles(void)
{
    int before = SDL_GetNumAllocations();
    for (int i = 0; i < 64; i++) {
        akgl_Sound *a = NULL, *b = NULL;
        CHECK_OK(akgl_sound_load("a", FIX "/tone.wav", 1.0f, false, &a));
        CHECK_OK(akgl_sound_load("b", FIX "/tone.ogg", 1.0f, true, &b));
        CHECK_OK(akgl_sound_play(a, 1.0f, 0.0f, NULL));
        CHECK_OK(akgl_sound_music_play(b, 1.0f, 10, NULL));
        if (a != NULL) {
            CHECK_OK(akgl_heap_release_sound(a));
        }
        if (b != NULL) {
            CHECK_OK(akgl_heap_release_sound(b));
        }
    }
    int after = SDL_GetNumAllocations();
    CHECK_MSG(after == before, "SDL allocations: %d before, %d after", before, after);
}

/* The pool: exhaustion names the layer, and nothing is lost. */
static void test_pool_exhaustion(void)
{
    akgl_Sound *slots[AKGL_MAX_HEAP_SOUND];
    int n = 0;
    for (; n < AKGL_MAX_HEAP_SOUND; n++) {
        if (test_status_of_(akgl_heap_next_sound(&slots[n]), NULL) != 0) {
            break;
        }
    }
    CHECK_INT_EQ(n, AKGL_MAX_HEAP_SOUND);
    CHECK_STATUS_MSG(akgl_sound_load("x", FIX "/tone.wav", 1.0f, false, NULL), AKGL_ERR_HEAP,
                     "sound");
    for (int i = 0; i < n; i++) {
        CHECK_OK(akgl_heap_release_sound(slots[i]));
    }
}

/* A character maps state sounds from JSON; a bad mapping leaves nothing. */
static void test_character_sound_mappings(void)
{
    akgl_Sound *step = NULL;
    akgl_Character *c = NULL;
    CHECK_OK(akgl_sound_load("step", FIX "/tone.wav", 1.0f, false, &step));
    CHECK(fx_write_text(FIX "/walker.json",
                        "{\"name\": \"walker\", \"speedtime\": 100, \"speed_x\": 1, "
                        "\"speed_y\": 1, \"acceleration_x\": 1, \"acceleration_y\": 1, "
                        "\"sprite_mappings\": [], \"sound_mappings\": [{\"state\": "
                        "[\"AKGL_ACTOR_STATE_ALIVE\", \"AKGL_ACTOR_STATE_MOVING_LEFT\"], "
                        "\"sound\": \"step\"}]}"));
    CHECK_OK(akgl_character_load_json(FIX "/walker.json"));
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", "walker", (void **)&c));
    if (c != NULL) {
        akgl_Sound *got = NULL;
        CHECK_INT_EQ(c->nsounds, 1);
        CHECK_OK(akgl_character_sound_get(c, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_MOVING_LEFT,
                                          &got));
        CHECK(got == step);
        CHECK_OK(akgl_character_sound_get(c, AKGL_ACTOR_STATE_ALIVE, &got));
        CHECK(got == NULL);
        CHECK_INT_EQ(step->refcount, 2); /* ours and the binding's */
        CHECK_OK(akgl_character_sound_add(c, step, AKGL_ACTOR_STATE_ALIVE | AKGL_ACTOR_STATE_MOVING_LEFT));
        CHECK_INT_EQ(step->refcount, 2); /* bound already: unchanged */
        CHECK_OK(akgl_heap_release_character(c));
    }
    CHECK_INT_EQ(step->refcount, 1);

    CHECK(fx_write_text(FIX "/deaf.json",
                        "{\"name\": \"deaf\", \"speedtime\": 100, \"speed_x\": 1, "
                        "\"speed_y\": 1, \"acceleration_x\": 1, \"acceleration_y\": 1, "
                        "\"sprite_mappings\": [], \"sound_mappings\": [{\"state\": "
                        "[\"AKGL_ACTOR_STATE_ALIVE\"], \"sound\": \"step\"}, {\"state\": "
                        "[\"AKGL_ACTOR_STATE_DEAD\"], \"sound\": \"unloaded\"}]}"));
    CHECK_STATUS_MSG(akgl_character_load_json(FIX "/deaf.json"), AKERR_KEY,
                     "\"sound_mappings\"[1]: character \"deaf\" state 64: sound \"unloaded\"");
    CHECK_INT_EQ(step->refcount, 1);
    CHECK(fx_write_text(FIX "/wrongtype.json",
                        "{\"name\": \"wrong\", \"speedtime\": 100, \"speed_x\": 1, "
                        "\"speed_y\": 1, \"acceleration_x\": 1, \"acceleration_y\": 1, "
                        "\"sprite_mappings\": [], \"sound_mappings\": {}}"));
    CHECK_STATUS_MSG(akgl_character_load_json(FIX "/wrongtype.json"), AKERR_TYPE,
                     "sound_mappings");
    /* Unloading sounds takes their holders, the characters, with them. */
    CHECK_OK(akgl_character_load_json(FIX "/walker.json"));
    CHECK_OK(akgl_game_unload(AKGL_UNLOAD_SOUNDS));
    CHECK_OK(akgl_registry_get(AKGL_REGISTRY_CHARACTER, "character", "walker", (void **)&c));
    CHECK(c == NULL);
}

static void test_character_sound_limits(void)
{
    akgl_Sound *snd = NULL;
    akgl_Character *c = NULL;
    CHECK_OK(akgl_sound_load("s", FIX "/tone.wav", 1.0f, false, &snd));
    CHECK_OK(akgl_heap_next_character(&c));
    CHECK_OK(akgl_character_initialize(c, "many"));
    for (int i = 0; i < AKGL_CHARACTER_MAX_SOUNDS; i++) {
        CHECK_OK(akgl_character_sound_add(c, snd, i));
    }
    CHECK_STATUS_MSG(akgl_character_sound_add(c, snd, 99), AKERR_OUTOFBOUNDS,
                     "AKGL_CHARACTER_MAX_SOUNDS");
    CHECK_STATUS(akgl_character_sound_add(c, NULL, 1), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_character_sound_add(NULL, snd, 1), AKERR_NULLPOINTER);
    CHECK_STATUS(akgl_character_sound_get(c, 1, NULL), AKERR_NULLPOINTER);
    akgl_Sound *gone = NULL;
    CHECK_OK(akgl_sound_load("gone", FIX "/tone.wav", 1.0f, false, &gone));
    CHECK_OK(akgl_heap_release_sound(gone));
    CHECK_STATUS_MSG(akgl_character_sound_add(c, gone, 1), AKGL_ERR_HEAP, "released");
    CHECK_INT_EQ(snd->refcount, 1 + AKGL_CHARACTER_MAX_SOUNDS);
    CHECK_OK(akgl_heap_release_character(c));
    CHECK_INT_EQ(snd->refcount, 1);
    CHECK_OK(akgl_heap_release_sound(snd));
}

int main(void)
{
    AKGL_TEST_BEGIN();
    make_fixtures();
    RUN_TEST(test_load_wav_converts_to_device_format);
    RUN_TEST(test_load_resamples_once);
    RUN_TEST(test_load_ogg);
    RUN_TEST(test_bad_files);
    RUN_TEST(test_ogg_cut_in_its_only_audio_page);
    RUN_TEST(test_ogg_claiming_a_length_it_has_not);
    RUN_TEST(test_samples_a_voice_cannot_play);
    RUN_TEST(test_bad_arguments);
    RUN_TEST(test_lookup_by_name);
    RUN_TEST(test_volumes);
    RUN_TEST(test_bank_loads);
    RUN_TEST(test_bank_refusals);
    RUN_TEST(test_load_release_cycles);
    RUN_TEST(test_pool_exhaustion);
    RUN_TEST(test_character_sound_mappings);
    RUN_TEST(test_character_sound_limits);
    return AKGL_TEST_END();
}
