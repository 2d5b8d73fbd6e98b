/*
 * Sound playback: a fixed table of voices, each an SDL_AudioStream bound to
 * one logical playback device that SDL mixes.
 *
 * Where the per-sample work runs: in each stream's get-callback, on SDL's
 * audio thread, when the device asks that stream for more. The callback
 * copies the voice's next block of preloaded samples into a scratch buffer
 * with volume, pan and fade applied and puts it in the stream. So loops,
 * fades and cross-fades advance in sample frames, exactly, whatever the
 * game's frame rate, and akgl_game_update does no sound work at all.
 *
 * Locking: the voice table and the bus volumes are guarded by one mutex,
 * the sound lock. The audio thread calls a callback with the stream's own
 * lock held and then takes the sound lock; the calls below take only the
 * sound lock, and never call into SDL's audio functions while holding it,
 * so the two locks are always taken in the same order.
 *
 * A streamed music voice (akgl_sound_music_play_file) has a source instead of
 * samples: an akgl_SoundSource the assets layer made (sound_stream.c), which
 * the callback reads with the sound lock released (render_source). Its close
 * runs on a game thread, in akgl_sound_reap, never on the audio thread.
 *
 * Nothing here allocates once started: the voices, their streams and the
 * scratch buffer are made by akgl_sound_start, and each stream is primed
 * there (see prime_stream) so that SDL has already made the buffers it
 * would otherwise make on the audio thread the first time a voice plays.
 *
 * Layer: backend. It names no loader, character or actor: the loaders
 * (sound_load.c) call down into it, and the converter they use is kept here
 * because it is SDL audio that akgl_sound_stop must destroy.
 */
#include <akgl/sound.h>

#include "fault_private.h"
#include "sound_private.h"

#include <akgl/error.h>

#include <SDL3/SDL.h>
#include <errno.h>
#include <math.h>
#include <string.h>

/* Frames the callback renders per put: 8 KiB of float stereo, one SDL queue chunk. */
#define SCRATCH_FRAMES 1024
#define FRAME_BYTES ((int)(2 * sizeof(float)))

typedef struct Voice
{
    SDL_AudioStream *stream;
    const akgl_Sound *sound; /* NULL when idle */
    akgl_SoundSource *source; /* a streamed track's decoder, or NULL */
    uint32_t generation;     /* the handle's upper 24 bits */
    uint64_t started;        /* play order, for stealing the oldest */
    int64_t frame;           /* the next frame of the sound to play */
    float volume;            /* the play's volume times the sound's */
    float left, right;       /* the pan's gains */
    float fade;              /* the fade's gain now, 0..1 */
    float fade_step;         /* added per frame while the fade lasts */
    float fade_target;
    int64_t fade_left;       /* frames the fade still lasts; 0: no fade */
    bool stop_at_target;     /* the fade is a fade-out: end the voice when it is done */
    bool paused;
    bool music;
} Voice;

static struct
{
    bool started;
    bool audio_inited;   /* we hold SDL's audio subsystem */
    SDL_Mutex *lock;
    SDL_AudioDeviceID device; /* 0: silent */
    int rate;
    Voice *voices;
    int nvoices;
    float bus[AKGL_SOUND_BUS_COUNT];
    uint64_t sequence;
    float scratch[SCRATCH_FRAMES * 2];
    float decode[SCRATCH_FRAMES * 2]; /* what a source read, before its gains */
    /* Sources of ended voices, closed by the next akgl_sound_reap on a game
     * thread (never on the audio thread). A source is in one place at a
     * time and at most AKGL_SOUND_MUSIC_STREAMS exist, so this never fills. */
    struct
    {
        akgl_SoundSource *src;
        SDL_AudioStream *stream;
    } closing[AKGL_SOUND_MUSIC_STREAMS];
    int nclosing;
} S = {.rate = AKGL_SOUND_DEVICE_RATE, .bus = {1.0f, 1.0f, 1.0f}};

/* Persists across stop/start so an old handle never names a new play. */
static uint32_t next_generation;

static uint32_t take_generation(void)
{
    next_generation = (next_generation + 1) & 0xFFFFFFu;
    if (next_generation == 0) {
        next_generation = 1;
    }
    return next_generation;
}

static akgl_Voice handle_of(int index)
{
    return (akgl_Voice)((S.voices[index].generation << 8) | (uint32_t)(index + 1));
}

/* Ends a voice: it is idle, and its handle now reports ended. Sound lock held. */
static void end_voice(Voice *v)
{
    if (v->source != NULL) {
        if (S.nclosing < AKGL_SOUND_MUSIC_STREAMS) {
            S.closing[S.nclosing].src = v->source;
            S.closing[S.nclosing].stream = v->stream;
            S.nclosing++;
        }
        v->source = NULL;
    }
    v->sound = NULL;
    v->paused = false;
    v->generation = take_generation();
}

/* ------------------------------------------------------------------------ */
/* The audio thread                                                         */
/* ------------------------------------------------------------------------ */

/* The gain of a voice before its fade: its volume, the master and its bus. Sound lock held. */
static float voice_gain(const Voice *v)
{
    return v->volume * S.bus[AKGL_SOUND_BUS_MASTER]
           * S.bus[v->music ? AKGL_SOUND_BUS_MUSIC : AKGL_SOUND_BUS_EFFECTS];
}

/*
 * Writes `frames` frames of `in` (float stereo) to `out` with the voice's
 * gain, pan and fade; returns how many, fewer when a fade-out ends the
 * voice. Sound lock held.
 */
static int apply(Voice *v, const float *in, float *out, int frames, float gain)
{
    int made = 0;
    while (made < frames) {
        const float g = gain * v->fade;
        out[made * 2] = in[made * 2] * g * v->left;
        out[made * 2 + 1] = in[made * 2 + 1] * g * v->right;
        made++;
        /* A fade is counted in frames, not by its gain reaching the target:
         * it lasts its time exactly, also from a gain that is 0 already (a
         * track cross-faded out before its own fade-in mixed a frame). */
        if (v->fade_left > 0) {
            v->fade_left--;
            if (v->fade_left > 0) {
                v->fade += v->fade_step;
            } else {
                v->fade = v->fade_target;
                v->fade_step = 0.0f;
                if (v->stop_at_target) {
                    end_voice(v);
                    break;
                }
            }
        }
    }
    return made;
}

/* Renders up to `frames` frames of a loaded sound's voice into `out`; returns how many.
 * Sound lock held. */
static int render(Voice *v, float *out, int frames)
{
    const akgl_Sound *snd = v->sound;
    const float gain = voice_gain(v);
    int made = 0;
    while (made < frames && v->sound != NULL) {
        if (v->frame >= snd->frames) {
            /* Music loops until stopped, whatever the sound's own flag
             * (docs/18-sound.md); an effect loops only when its sound does. */
            if (!snd->loop && !v->music) {
                end_voice(v);
                break;
            }
            v->frame = 0;
        }
        int64_t left = snd->frames - v->frame;
        int n = (int64_t)(frames - made) < left ? frames - made : (int)left;
        int k = apply(v, &snd->samples[v->frame * 2], &out[made * 2], n, gain);
        v->frame += k;
        made += k;
    }
    return made;
}

/*
 * Renders up to `frames` frames of a streamed track's voice into `out`.
 * The source decodes with the sound lock released, so a game thread's sound
 * call never waits for a decode or a disk read; the voice's SDL stream
 * stays locked (SDL holds it around this callback), which is what a game
 * thread takes before it closes a source (akgl_sound_reap). A voice ended
 * while its source read drops what it read. A source that gives fewer
 * frames than asked has failed: its voice ends. Sound lock held on entry
 * and on return.
 */
static int render_source(Voice *v, float *out, int frames)
{
    akgl_SoundSource *src = v->source;
    const uint32_t generation = v->generation;
    SDL_UnlockMutex(S.lock);
    int got = src->read(src, S.decode, frames);
    SDL_LockMutex(S.lock);
    if (v->source != src || v->generation != generation) {
        return 0;
    }
    int made = apply(v, S.decode, out, got < 0 ? 0 : got, voice_gain(v));
    if (got < frames && v->sound != NULL) {
        end_voice(v);
    }
    return made;
}

/*
 * The stream's get-callback: called on the audio thread, with the stream
 * locked, when the device wants `additional` more bytes from this voice.
 * Putting nothing (idle or paused) makes SDL mix silence for the voice.
 */
static void SDLCALL feed(void *userdata, SDL_AudioStream *stream, int additional, int total)
{
    Voice *v = userdata;
    (void)total;
    SDL_LockMutex(S.lock);
    while (additional >= FRAME_BYTES && v->sound != NULL && !v->paused) {
        int want = additional / FRAME_BYTES;
        if (want > SCRATCH_FRAMES) {
            want = SCRATCH_FRAMES;
        }
        int made = v->source != NULL ? render_source(v, S.scratch, want)
                                     : render(v, S.scratch, want);
        if (made > 0) {
            SDL_PutAudioStreamData(stream, S.scratch, made * FRAME_BYTES);
        }
        additional -= want * FRAME_BYTES;
    }
    SDL_UnlockMutex(S.lock);
}

/* ------------------------------------------------------------------------ */
/* Converting, for the loaders                                              */
/* ------------------------------------------------------------------------ */

/*
 * The loaders convert each sound once, when it loads (sound_load.c calls
 * akgl_sound_convert). The converter is an SDL audio stream, so it lives
 * here, with the device: akgl_sound_stop destroys it before SDL's audio
 * quits, and the loader gives it back when the last sound goes.
 *
 * One SDL_AudioStream converts every sound and is re-used, instead of
 * SDL_ConvertAudioSamples (which makes one per call). Released SDL 3.2.10's
 * SDL_CreateAudioStream leaks when the allocation of its mutex fails: it
 * frees the new audio queue with SDL_free instead of SDL_DestroyAudioQueue,
 * losing the queue's two reserved track blocks (src/audio/SDL_audiocvt.c,
 * lines 458-462; the same in later releases). The fault harness found it;
 * the SDL that tools/deps.sh builds has our fix
 * (tools/patches/sdl3/0001-audiostream-mutex-oom.patch). Against an
 * unpatched SDL, this design still confines the loss to the first
 * conversion after no sound was loaded: the stream lives while any sound
 * is, made by that conversion and destroyed with the last sound released
 * (akgl_sound_converter_release, from sound_load.c) or by akgl_sound_stop
 * (docs/19-reliability.md).
 *
 * The input goes in by slices and the output comes out after each, so the
 * stream never holds more than a slice: memory stays the decoded sound plus
 * the converted one, as before. SDL destroys an audio stream itself when its
 * audio subsystem quits: a property's cleanup forgets ours then.
 */
static SDL_AudioStream *converter;
static SDL_SpinLock converter_lock;

#define CONVERT_SLICE_BYTES 65536
#define CONVERTER_PROPERTY "akgl.sound.converter"

static void SDLCALL converter_gone(void *userdata, void *value)
{
    (void)userdata;
    (void)value;
    converter = NULL; /* under converter_lock, or in SDL's quit */
}

/* The converter, made on first use. Called with converter_lock held. */
static akerr_ErrorContext *converter_get(const char *path, const SDL_AudioSpec *src,
                                         const SDL_AudioSpec *dst, SDL_AudioStream **dest)
{
    PREPARE_ERROR(errctx);
    if (converter == NULL) {
        unsigned long failures = akgl_alloc_failures();
        SDL_AudioStream *stream = SDL_CreateAudioStream(src, dst);
        SDL_PropertiesID props = stream != NULL ? SDL_GetAudioStreamProperties(stream) : 0;
        if (props == 0 || !SDL_SetPointerPropertyWithCleanup(props, CONVERTER_PROPERTY,
                                                             stream, converter_gone, NULL)) {
            if (stream != NULL) {
                SDL_DestroyAudioStream(stream);
            }
            FAIL_NONZERO_RETURN(errctx, akgl_alloc_failures() != failures, ENOMEM,
                                "sound \"%s\": out of memory making the audio converter", path);
            FAIL_RETURN(errctx, AKERR_API, "sound \"%s\": cannot make the audio converter: %s",
                        path, SDL_GetError());
        }
        converter = stream;
    }
    *dest = converter;
    SUCCEED_RETURN(errctx);
}

void akgl_sound_converter_release(void)
{
    SDL_LockSpinlock(&converter_lock);
    if (converter != NULL) {
        SDL_DestroyAudioStream(converter); /* converter_gone forgets it */
        converter = NULL;
    }
    SDL_UnlockSpinlock(&converter_lock);
}

/* What the stream has ready, appended to out (grown when it must be). */
static bool drain(SDL_AudioStream *stream, Uint8 **out, size_t *cap, size_t *used)
{
    int avail = SDL_GetAudioStreamAvailable(stream);
    if (avail < 0) {
        return false;
    }
    if (*used + (size_t)avail > *cap) {
        size_t grown = *cap + *cap / 2;
        if (grown < *used + (size_t)avail) {
            grown = *used + (size_t)avail;
        }
        Uint8 *bigger = SDL_realloc(*out, grown);
        if (bigger == NULL) {
            return false;
        }
        *out = bigger;
        *cap = grown;
    }
    int got = avail > 0 ? SDL_GetAudioStreamData(stream, *out + *used, avail) : 0;
    if (got < 0) {
        return false;
    }
    *used += (size_t)got;
    return true;
}

akerr_ErrorContext *akgl_sound_convert(const char *path, const SDL_AudioSpec *spec,
                                       const Uint8 *data, int len, int rate, Uint8 **dest,
                                       int *destlen)
{
    SDL_AudioStream *stream = NULL;
    Uint8 *out = NULL;
    size_t used = 0;
    const SDL_AudioSpec dst = {SDL_AUDIO_F32, 2, rate};
    PREPARE_ERROR(errctx);

    /* What the resampler should give, and a little room: grown if short. */
    int64_t in_frames = len / SDL_AUDIO_FRAMESIZE(*spec);
    size_t cap = (size_t)((in_frames * rate / spec->freq + 64) * FRAME_BYTES);
    int slice = CONVERT_SLICE_BYTES - CONVERT_SLICE_BYTES % SDL_AUDIO_FRAMESIZE(*spec);
    unsigned long failures = akgl_alloc_failures();

    SDL_LockSpinlock(&converter_lock);
    ATTEMPT {
        CATCH(errctx, converter_get(path, spec, &dst, &stream));
        bool ok = SDL_SetAudioStreamFormat(stream, spec, &dst);
        out = ok ? SDL_malloc(cap) : NULL;
        ok = out != NULL;
        for (int off = 0; ok && off < len; off += slice) {
            int n = len - off < slice ? len - off : slice;
            ok = SDL_PutAudioStreamData(stream, data + off, n) &&
                 drain(stream, &out, &cap, &used);
        }
        ok = ok && SDL_FlushAudioStream(stream) && drain(stream, &out, &cap, &used);
        FAIL_NONZERO_BREAK(errctx, !ok && akgl_alloc_failures() != failures, ENOMEM,
                           "sound \"%s\": out of memory converting %d Hz, %d channels to %d Hz "
                           "stereo", path, spec->freq, spec->channels, rate);
        FAIL_ZERO_BREAK(errctx, ok, AKERR_FORMAT, "sound \"%s\": cannot convert %d Hz, %d "
                        "channels to %d Hz stereo: %s", path, spec->freq,
                        spec->channels, rate, SDL_GetError());
        FAIL_NONZERO_BREAK(errctx, used > (size_t)SDL_MAX_SINT32, AKERR_OUTOFBOUNDS,
                           "sound \"%s\": %zu bytes converted; the limit is %d", path, used,
                           SDL_MAX_SINT32);
    } CLEANUP {
        if (stream != NULL) {
            SDL_ClearAudioStream(stream); /* ready for the next sound, whatever happened */
        }
        SDL_UnlockSpinlock(&converter_lock);
    } PROCESS(errctx) {
        SDL_free(out);
    } FINISH(errctx, true);
    *dest = out;
    *destlen = (int)used;
    SUCCEED_RETURN(errctx);
}


/* ------------------------------------------------------------------------ */
/* Start and stop                                                           */
/* ------------------------------------------------------------------------ */

static void log_silent(const char *why)
{
    /* Once per start: the game carries on without sound. */
    akerr_log_method("akgl: no audio device (%s); sound plays silence", why);
}

/* Closes the device and destroys the streams; the voice table stays. */
static void close_device(void)
{
    if (S.device != 0) {
        /* Closing unbinds the streams; no callback runs after it returns. */
        SDL_CloseAudioDevice(S.device);
        S.device = 0;
    }
    for (int i = 0; i < S.nvoices; i++) {
        if (S.voices[i].stream != NULL) {
            SDL_DestroyAudioStream(S.voices[i].stream);
            S.voices[i].stream = NULL;
        }
    }
}

/*
 * Runs silence through a new stream once, before it is bound, so that what
 * SDL allocates lazily is allocated here: the queue's chunks (kept in its
 * pool after the read) and the history buffer its first read makes.
 */
static void prime_stream(SDL_AudioStream *stream)
{
    memset(S.scratch, 0, sizeof(S.scratch));
    for (int i = 0; i < 4; i++) {
        SDL_PutAudioStreamData(stream, S.scratch, (int)sizeof(S.scratch));
    }
    for (int i = 0; i < 4; i++) {
        if (SDL_GetAudioStreamData(stream, S.scratch, (int)sizeof(S.scratch)) <= 0) {
            break;
        }
    }
    SDL_ClearAudioStream(stream);
}

/* What open_device found. */
typedef enum DeviceResult
{
    DEVICE_OPEN,  /* the device and every voice's stream */
    DEVICE_NONE,  /* no usable device: logged, sound plays silence */
    DEVICE_NOMEM, /* an allocation failed on the way (SDL may have carried on without it) */
} DeviceResult;

/* No device, or no memory: the allocation watch tells which (SDL words a
 * failed allocation many ways: "No default audio device available",
 * "Couldn't create audio thread"...). Only a real lack of device is logged. */
static DeviceResult no_device(unsigned long failures, const char *why)
{
    if (akgl_alloc_failures() != failures) {
        return DEVICE_NOMEM;
    }
    log_silent(why);
    return DEVICE_NONE;
}

/* Opens the device and one stream per voice. On anything but DEVICE_OPEN the
 * device is closed and the streams destroyed (the audio subsystem stays held:
 * S.audio_inited). */
static DeviceResult open_device(void)
{
    SDL_AudioSpec want = {SDL_AUDIO_F32, 2, AKGL_SOUND_DEVICE_RATE};
    SDL_AudioSpec have;
    unsigned long failures = akgl_alloc_failures();

    /* SDL's own start is in the fault harness too, each allocation of it
     * (docs/19): SDL 3.2.10 needed our patches 0007-0009 to survive that. */
    if (!SDL_InitSubSystem(SDL_INIT_AUDIO)) {
        return no_device(failures, SDL_GetError());
    }
    S.audio_inited = true;
    S.device = SDL_OpenAudioDevice(SDL_AUDIO_DEVICE_DEFAULT_PLAYBACK, &want);
    if (S.device == 0) {
        return no_device(failures, SDL_GetError());
    }
    if (!SDL_GetAudioDeviceFormat(S.device, &have, NULL) || have.freq < AKGL_SOUND_MIN_RATE
        || have.freq > AKGL_SOUND_MAX_RATE) {
        close_device();
        return no_device(failures, "the device reports no usable rate");
    }
    /* The streams take our samples as they are stored; SDL converts only the
     * sample format or channel layout, if the device's differ. */
    SDL_AudioSpec src = {SDL_AUDIO_F32, 2, have.freq};
    for (int i = 0; i < S.nvoices; i++) {
        Voice *v = &S.voices[i];
        v->stream = SDL_CreateAudioStream(&src, &src);
        if (v->stream == NULL) {
            close_device();
            return no_device(failures, SDL_GetError());
        }
        prime_stream(v->stream);
        /* Checked before the stream is bound: a buffer its priming could not
         * make would be made by the audio thread, and freed by ours. */
        if (akgl_alloc_failures() != failures) {
            close_device();
            return DEVICE_NOMEM;
        }
        if (!SDL_SetAudioStreamGetCallback(v->stream, feed, v)
            || !SDL_BindAudioStream(S.device, v->stream)) {
            close_device();
            return no_device(failures, SDL_GetError());
        }
    }
    /* A block SDL did without (a stream's priming put, a device's cache)
     * would be allocated later, on the audio thread, or not at all: a start
     * that lost any allocation is refused whole, like a draw (docs/19). */
    if (akgl_alloc_failures() != failures) {
        close_device();
        return DEVICE_NOMEM;
    }
    S.rate = have.freq;
    return DEVICE_OPEN;
}

/* Closes every source, playing or waiting to be closed. No callback runs
 * any more (the device is closed). */
static void close_sources(void)
{
    for (int i = 0; i < S.nvoices; i++) {
        if (S.voices[i].source != NULL) {
            end_voice(&S.voices[i]);
        }
    }
    for (int i = 0; i < S.nclosing; i++) {
        S.closing[i].src->close(S.closing[i].src);
    }
    S.nclosing = 0;
}

/* Gives back everything akgl_sound_start made: device, streams, SDL's audio
 * subsystem, the voice table and the lock. */
static void teardown(void)
{
    close_device();
    close_sources();
    if (S.audio_inited) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        S.audio_inited = false;
    }
    SDL_free(S.voices);
    S.voices = NULL;
    S.nvoices = 0;
    SDL_DestroyMutex(S.lock);
    S.lock = NULL;
    S.started = false;
}

akerr_ErrorContext *akgl_sound_start(int voices)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, S.started, AKERR_BEHAVIOR,
                        "akgl_sound_start: sound is started already");
    if (voices == 0) {
        voices = AKGL_SOUND_DEFAULT_VOICES;
    }
    if (voices < AKGL_SOUND_MIN_VOICES || voices > AKGL_SOUND_MAX_VOICES) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "akgl_sound_start: %d voices; it must be %d..%d (two for a music "
                    "cross-fade, one at least for effects)", voices, AKGL_SOUND_MIN_VOICES,
                    AKGL_SOUND_MAX_VOICES);
    }
    /* So a failed allocation inside SDL's audio start is seen as one. */
    PASS(errctx, akgl_alloc_watch_install());
    unsigned long failures = akgl_alloc_failures();
    S.lock = SDL_CreateMutex();
    if (S.lock == NULL) {
        FAIL_NONZERO_RETURN(errctx, akgl_alloc_failures() != failures, ENOMEM,
                            "akgl_sound_start: out of memory creating the sound lock");
        FAIL_RETURN(errctx, AKERR_API, "akgl_sound_start: cannot create the sound lock: %s",
                    SDL_GetError());
    }
    S.voices = SDL_calloc((size_t)voices, sizeof(Voice));
    if (S.voices == NULL) {
        teardown();
        FAIL_RETURN(errctx, ENOMEM, "akgl_sound_start: out of memory allocating %d voices",
                    voices);
    }
    S.nvoices = voices;
    for (int i = 0; i < voices; i++) {
        S.voices[i].generation = take_generation();
    }
    for (int b = 0; b < AKGL_SOUND_BUS_COUNT; b++) {
        S.bus[b] = 1.0f;
    }
    S.rate = AKGL_SOUND_DEVICE_RATE;
    S.started = true;
    if (open_device() == DEVICE_NOMEM) {
        teardown();
        FAIL_RETURN(errctx, ENOMEM, "akgl_sound_start: out of memory starting the audio "
                    "device and %d voices' streams", voices);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_stop(void)
{
    PREPARE_ERROR(errctx);
    /* Sounds load without a device too: the loaders' converter goes either
     * way (and before SDL's quit would destroy it). */
    akgl_sound_converter_release();
    if (S.started) {
        teardown();
    }
    SUCCEED_RETURN(errctx);
}

int akgl_sound_rate(void)
{
    return S.rate;
}

void akgl_sound_stop_voices_of(const akgl_Sound *sound)
{
    if (!S.started) {
        return;
    }
    SDL_LockMutex(S.lock);
    for (int i = 0; i < S.nvoices; i++) {
        if (S.voices[i].sound == sound) {
            end_voice(&S.voices[i]);
        }
    }
    SDL_UnlockMutex(S.lock);
}

akerr_ErrorContext *akgl_sound_status(bool *dest, int *device_rate, int *voices)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_sound_status: NULL destination");
    *dest = S.started && S.device != 0;
    if (device_rate != NULL) {
        *device_rate = S.rate;
    }
    if (voices != NULL) {
        *voices = S.nvoices;
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Playing                                                                  */
/* ------------------------------------------------------------------------ */

static bool volume_ok(float volume)
{
    return volume >= 0.0f && volume <= AKGL_SOUND_MAX_VOLUME; /* false for NaN */
}

/* Frames a fade of `ms` lasts at the device rate (at least one). */
static int64_t fade_frames(int ms)
{
    int64_t frames = (int64_t)ms * S.rate / 1000;
    return frames < 1 ? 1 : frames;
}

/* A free voice, else the effect that started longest ago. Sound lock held. */
static int pick_voice(void)
{
    int oldest = -1;
    for (int i = 0; i < S.nvoices; i++) {
        const Voice *v = &S.voices[i];
        if (v->sound == NULL) {
            return i;
        }
        if (!v->music && (oldest < 0 || v->started < S.voices[oldest].started)) {
            oldest = i;
        }
    }
    /* At most two voices hold music (see start_voice) and there are at least
     * three voices, so there is always an effect to steal. */
    return oldest;
}

/* Starts `sound` on a voice. Sound lock held. */
static int start_voice(const akgl_Sound *sound, akgl_SoundSource *source, float volume,
                       float pan, bool music, int fade_ms)
{
    int i = pick_voice();
    Voice *v = &S.voices[i];
    if (v->sound != NULL) {
        end_voice(v); /* stolen: its handle reports ended */
    }
    v->sound = sound;
    v->source = source;
    v->generation = take_generation();
    v->started = ++S.sequence;
    v->frame = 0;
    v->volume = volume * sound->volume;
    v->left = pan > 0.0f ? 1.0f - pan : 1.0f;
    v->right = pan < 0.0f ? 1.0f + pan : 1.0f;
    v->paused = false;
    v->music = music;
    v->stop_at_target = false;
    if (fade_ms > 0) {
        v->fade = 0.0f;
        v->fade_target = 1.0f;
        v->fade_left = fade_frames(fade_ms);
        v->fade_step = 1.0f / (float)v->fade_left;
    } else {
        v->fade = 1.0f;
        v->fade_target = 1.0f;
        v->fade_step = 0.0f;
        v->fade_left = 0;
    }
    return i;
}

/*
 * Fades a playing voice out over `fade_ms` and ends it (0: ends it now).
 * From whatever gain it has, 0 included: a voice whose fade-in has not
 * mixed a frame yet still plays out the fade's time, silent, and then ends,
 * as every fade-out does. Sound lock held.
 */
static void fade_out(Voice *v, int fade_ms)
{
    if (fade_ms <= 0 || v->paused) {
        end_voice(v);
        return;
    }
    v->fade_target = 0.0f;
    v->fade_left = fade_frames(fade_ms);
    v->fade_step = -v->fade / (float)v->fade_left;
    v->stop_at_target = true;
}

static akerr_ErrorContext *check_sound(const akgl_Sound *sound, const char *who)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, sound, AKERR_NULLPOINTER, "%s: NULL sound", who);
    FAIL_NONZERO_RETURN(errctx, sound->refcount <= 0 || sound->samples == NULL, AKGL_ERR_HEAP,
                        "%s: sound \"%s\" is released", who, sound->name);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_play(akgl_Sound *sound, float volume, float pan, akgl_Voice *dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_sound(sound, "akgl_sound_play"));
    if (!volume_ok(volume)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_sound_play: sound \"%s\": volume %g is not in 0..%g",
                    sound->name, (double)volume, (double)AKGL_SOUND_MAX_VOLUME);
    }
    if (!(pan >= -1.0f && pan <= 1.0f)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_sound_play: sound \"%s\": pan %g is not in -1..1",
                    sound->name, (double)pan);
    }
    akgl_Voice voice = AKGL_VOICE_NONE;
    if (S.started && S.device != 0) {
        SDL_LockMutex(S.lock);
        voice = handle_of(start_voice(sound, NULL, volume, pan, false, 0));
        SDL_UnlockMutex(S.lock);
    }
    if (dest != NULL) {
        *dest = voice;
    }
    SUCCEED_RETURN(errctx);
}

/*
 * Starts the music, by the cross-fade rule: the playing track fades out as
 * the new one fades in; a track still fading out from an earlier cross-fade
 * is cut, so at most two voices ever hold music. Sound lock held.
 */
static akgl_Voice music_start(const akgl_Sound *sound, akgl_SoundSource *source, float volume,
                              int fade_ms)
{
    for (int i = 0; i < S.nvoices; i++) {
        Voice *v = &S.voices[i];
        if (v->sound != NULL && v->music) {
            if (v->stop_at_target) {
                end_voice(v);
            } else {
                fade_out(v, fade_ms);
            }
        }
    }
    return handle_of(start_voice(sound, source, volume, 0.0f, true, fade_ms));
}

static akerr_ErrorContext *check_music(const char *name, float volume, int fade_ms)
{
    PREPARE_ERROR(errctx);
    if (!volume_ok(volume)) {
        FAIL_RETURN(errctx, AKERR_VALUE,
                    "akgl_sound_music_play: sound \"%s\": volume %g is not in 0..%g", name,
                    (double)volume, (double)AKGL_SOUND_MAX_VOLUME);
    }
    FAIL_NONZERO_RETURN(errctx, fade_ms < 0, AKERR_VALUE,
                        "akgl_sound_music_play: sound \"%s\": fade of %d ms is negative",
                        name, fade_ms);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_music_play(akgl_Sound *sound, float volume, int fade_ms,
                                          akgl_Voice *dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_sound(sound, "akgl_sound_music_play"));
    PASS(errctx, check_music(sound->name, volume, fade_ms));
    akgl_Voice voice = AKGL_VOICE_NONE;
    if (S.started && S.device != 0) {
        SDL_LockMutex(S.lock);
        voice = music_start(sound, NULL, volume, fade_ms);
        SDL_UnlockMutex(S.lock);
        akgl_sound_reap();
    }
    if (dest != NULL) {
        *dest = voice;
    }
    SUCCEED_RETURN(errctx);
}

/* What a streamed voice's `sound` points to: a voice is busy while it has
 * one. Its volume is 1 (the play's volume is the track's) and it loops. */
static const akgl_Sound streamed_track = {.refcount = 1, .name = "(streamed)", .volume = 1.0f,
                                          .loop = true};

akerr_ErrorContext *akgl_sound_music_play_source(akgl_SoundSource *src, const char *name,
                                                 float volume, int fade_ms, akgl_Voice *dest,
                                                 bool *taken)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, src, AKERR_NULLPOINTER, "akgl_sound_music_play_source: NULL source");
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_sound_music_play_source: NULL name");
    FAIL_ZERO_RETURN(errctx, taken, AKERR_NULLPOINTER,
                     "akgl_sound_music_play_source: NULL destination");
    *taken = false;
    PASS(errctx, check_music(name, volume, fade_ms));
    akgl_Voice voice = AKGL_VOICE_NONE;
    if (S.started && S.device != 0) {
        SDL_LockMutex(S.lock);
        voice = music_start(&streamed_track, src, volume, fade_ms);
        SDL_UnlockMutex(S.lock);
        *taken = true;
        akgl_sound_reap();
    }
    if (dest != NULL) {
        *dest = voice;
    }
    SUCCEED_RETURN(errctx);
}

void akgl_sound_reap(void)
{
    akgl_SoundSource *src[AKGL_SOUND_MUSIC_STREAMS];
    SDL_AudioStream *stream[AKGL_SOUND_MUSIC_STREAMS];
    if (!S.started) {
        return;
    }
    SDL_LockMutex(S.lock);
    int n = S.nclosing;
    for (int i = 0; i < n; i++) {
        src[i] = S.closing[i].src;
        stream[i] = S.closing[i].stream;
    }
    S.nclosing = 0;
    SDL_UnlockMutex(S.lock);
    /* The stream's lock waits out a read in progress on the audio thread
     * (SDL holds it around the callback); the sound lock is not held, so
     * the two are taken in the audio thread's order. */
    for (int i = 0; i < n; i++) {
        if (stream[i] != NULL) {
            SDL_LockAudioStream(stream[i]);
        }
        src[i]->close(src[i]);
        if (stream[i] != NULL) {
            SDL_UnlockAudioStream(stream[i]);
        }
    }
}

akerr_ErrorContext *akgl_sound_music_stop(int fade_ms)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, fade_ms < 0, AKERR_VALUE,
                        "akgl_sound_music_stop: fade of %d ms is negative", fade_ms);
    if (S.started && S.device != 0) {
        SDL_LockMutex(S.lock);
        for (int i = 0; i < S.nvoices; i++) {
            Voice *v = &S.voices[i];
            if (v->sound != NULL && v->music && !v->stop_at_target) {
                fade_out(v, fade_ms);
            }
        }
        SDL_UnlockMutex(S.lock);
        akgl_sound_reap();
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Voices                                                                   */
/* ------------------------------------------------------------------------ */

/*
 * The voice a handle names, with the sound lock taken, or NULL (lock not
 * taken) when the handle's use of the voice has ended. AKERR_VALUE for a
 * handle that cannot name a voice.
 */
static akerr_ErrorContext *lock_voice(akgl_Voice voice, const char *who, Voice **dest)
{
    PREPARE_ERROR(errctx);
    *dest = NULL;
    if (voice == AKGL_VOICE_NONE || !S.started || S.device == 0) {
        SUCCEED_RETURN(errctx); /* nothing plays: every handle has ended */
    }
    int index = (int)(voice & 0xFFu) - 1;
    if (index < 0 || index >= S.nvoices) {
        FAIL_RETURN(errctx, AKERR_VALUE, "%s: handle 0x%08x names voice %d; there are %d", who,
                    (unsigned int)voice, index + 1, S.nvoices);
    }
    SDL_LockMutex(S.lock);
    Voice *v = &S.voices[index];
    if (v->sound == NULL || v->generation != (voice >> 8)) {
        SDL_UnlockMutex(S.lock);
        SUCCEED_RETURN(errctx);
    }
    *dest = v;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_voice_state(akgl_Voice voice, akgl_VoiceState *dest)
{
    Voice *v = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_sound_voice_state: NULL destination");
    PASS(errctx, lock_voice(voice, "akgl_sound_voice_state", &v));
    *dest = AKGL_VOICE_ENDED;
    if (v != NULL) {
        *dest = v->paused ? AKGL_VOICE_PAUSED : AKGL_VOICE_PLAYING;
        SDL_UnlockMutex(S.lock);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_voice_pause(akgl_Voice voice)
{
    Voice *v = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, lock_voice(voice, "akgl_sound_voice_pause", &v));
    if (v != NULL) {
        v->paused = true;
        SDL_UnlockMutex(S.lock);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_voice_resume(akgl_Voice voice)
{
    Voice *v = NULL;
    PREPARE_ERROR(errctx);
    PASS(errctx, lock_voice(voice, "akgl_sound_voice_resume", &v));
    if (v != NULL) {
        v->paused = false;
        SDL_UnlockMutex(S.lock);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_voice_stop(akgl_Voice voice, int fade_ms)
{
    Voice *v = NULL;
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, fade_ms < 0, AKERR_VALUE,
                        "akgl_sound_voice_stop: fade of %d ms is negative", fade_ms);
    PASS(errctx, lock_voice(voice, "akgl_sound_voice_stop", &v));
    if (v != NULL) {
        fade_out(v, fade_ms);
        SDL_UnlockMutex(S.lock);
        akgl_sound_reap();
    }
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* All voices and the buses                                                 */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_sound_pause_all(void)
{
    PREPARE_ERROR(errctx);
    /* The device stops asking: every voice holds its place at once, and the
     * device's own lock makes it atomic with respect to mixing. */
    if (S.started && S.device != 0 && !SDL_PauseAudioDevice(S.device)) {
        FAIL_RETURN(errctx, AKERR_API, "akgl_sound_pause_all: %s", SDL_GetError());
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_resume_all(void)
{
    PREPARE_ERROR(errctx);
    if (S.started && S.device != 0 && !SDL_ResumeAudioDevice(S.device)) {
        FAIL_RETURN(errctx, AKERR_API, "akgl_sound_resume_all: %s", SDL_GetError());
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_stop_all(void)
{
    PREPARE_ERROR(errctx);
    if (S.started) {
        SDL_LockMutex(S.lock);
        for (int i = 0; i < S.nvoices; i++) {
            if (S.voices[i].sound != NULL) {
                end_voice(&S.voices[i]);
            }
        }
        SDL_UnlockMutex(S.lock);
        akgl_sound_reap();
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_set_volume(akgl_SoundBus bus, float volume)
{
    PREPARE_ERROR(errctx);
    if ((int)bus < 0 || bus >= AKGL_SOUND_BUS_COUNT) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_sound_set_volume: unknown bus %d", (int)bus);
    }
    if (!volume_ok(volume)) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_sound_set_volume: volume %g is not in 0..%g",
                    (double)volume, (double)AKGL_SOUND_MAX_VOLUME);
    }
    if (S.started) {
        SDL_LockMutex(S.lock);
    }
    S.bus[bus] = volume;
    if (S.started) {
        SDL_UnlockMutex(S.lock);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_get_volume(akgl_SoundBus bus, float *dest)
{
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_sound_get_volume: NULL destination");
    if ((int)bus < 0 || bus >= AKGL_SOUND_BUS_COUNT) {
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_sound_get_volume: unknown bus %d", (int)bus);
    }
    if (S.started) {
        SDL_LockMutex(S.lock);
    }
    *dest = S.bus[bus];
    if (S.started) {
        SDL_UnlockMutex(S.lock);
    }
    SUCCEED_RETURN(errctx);
}
