/* Deferred tensors (IrTensor.fill: default initialization, folded weights)
 * made while they are written.
 *
 * A tensor that can be made in pieces (IrTensor.fill_part) goes through a
 * ring of FILL_SLOTS buffers of a few hundred kilobytes, small enough to
 * stay in the caches between being made and being written.  Helper
 * threads (one fewer than the CPUs) make chunks in order of their
 * position; the writing thread writes each chunk as soon as it is made
 * and, while the next one is not, makes chunks too.  So both CPUs of a
 * 2-core machine work all the time: one generating and one in write(2) is
 * not enough when generating costs more than writing, and a piece split
 * between the CPUs while another is written leaves three threads on two
 * CPUs.  Every chunk is fill_part of its own byte range, so the bytes do
 * not depend on which thread made them. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "emit/emit_internal.h"

#define FILL_CHUNK ((size_t)512 << 10)
#define FILL_SLOTS 8
#define FILL_MAX_HELPERS 7

static bool scratch_reserve(void **scratch, size_t *size, size_t want)
{
    if (want <= *size)
        return true;
    free(*scratch);
    *scratch = malloc(want ? want : 1);
    *size = *scratch ? want : 0;
    return *scratch != NULL;
}

const void *emit_deferred_bytes(const IrTensor *t, void **scratch, size_t *size)
{
    if (!scratch_reserve(scratch, size, t->nbytes))
        return NULL;
    t->fill(t, *scratch);
    return *scratch;
}

/* The state the writer and the helpers share, under LOCK.  Chunk i goes
 * to slot i % FILL_SLOTS, which is free once chunk i - FILL_SLOTS is
 * written. */
typedef struct FillRing {
    const IrTensor *t;
    char *slots;
    size_t chunk, n_chunks;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    size_t next;                /* the next chunk nobody makes yet */
    size_t written;             /* chunks written, in order */
    bool made[FILL_SLOTS];      /* the chunk of the slot is ready to write */
    bool stop;                  /* writing failed: make nothing more */
} FillRing;

static size_t ring_chunk_bytes(const FillRing *r, size_t i)
{
    size_t from = i * r->chunk;
    return r->t->nbytes - from < r->chunk ? r->t->nbytes - from : r->chunk;
}

static char *ring_slot(const FillRing *r, size_t i)
{
    return r->slots + (i % FILL_SLOTS) * r->chunk;
}

/* With the lock held: whether a chunk can be taken to make now. */
static bool ring_can_take(const FillRing *r)
{
    return !r->stop && r->next < r->n_chunks && r->next < r->written + FILL_SLOTS;
}

/* Makes chunk I (taken with the lock held, made without it). */
static void ring_make(FillRing *r, size_t i)
{
    pthread_mutex_unlock(&r->lock);
    r->t->fill_part(r->t, i * r->chunk, ring_slot(r, i), ring_chunk_bytes(r, i));
    pthread_mutex_lock(&r->lock);
    r->made[i % FILL_SLOTS] = true;
    pthread_cond_broadcast(&r->changed);
}

static void *ring_helper(void *arg)
{
    FillRing *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!ring_can_take(r) && !r->stop && r->next < r->n_chunks)
            pthread_cond_wait(&r->changed, &r->lock);
        if (!ring_can_take(r))
            break;
        ring_make(r, r->next++);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* The writing thread: each chunk in order, making chunks itself while the
 * one to write is not ready. */
static int ring_write(FillRing *r, EmitBytesFn write, void *ctx)
{
    int rc = 0;
    pthread_mutex_lock(&r->lock);
    while (r->written < r->n_chunks) {
        size_t w = r->written;
        if (r->made[w % FILL_SLOTS]) {
            pthread_mutex_unlock(&r->lock);
            rc = write(ctx, ring_slot(r, w), ring_chunk_bytes(r, w));
            pthread_mutex_lock(&r->lock);
            r->made[w % FILL_SLOTS] = false;
            r->written = w + 1;
            if (rc)
                r->stop = true;
            pthread_cond_broadcast(&r->changed);
            if (rc)
                break;
        } else if (ring_can_take(r)) {
            ring_make(r, r->next++);
        } else {
            pthread_cond_wait(&r->changed, &r->lock);
        }
    }
    pthread_mutex_unlock(&r->lock);
    return rc;
}

static int helper_count(void)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (cpus <= 1)
        return 0;
    return cpus - 1 > FILL_MAX_HELPERS ? FILL_MAX_HELPERS : (int)(cpus - 1);
}

int emit_deferred_write(const IrTensor *t, void **scratch, size_t *size, EmitBytesFn write, void *ctx)
{
    size_t es = dtype_size(t->dtype);
    if (!t->fill_part || t->nbytes <= 2 * FILL_CHUNK || es == 0) {
        const void *bytes = emit_deferred_bytes(t, scratch, size);
        return bytes ? write(ctx, bytes, t->nbytes) : ENOMEM;
    }
    size_t chunk = FILL_CHUNK / es * es;
    if (!scratch_reserve(scratch, size, FILL_SLOTS * chunk))
        return ENOMEM;
    FillRing r = {.t = t, .slots = *scratch, .chunk = chunk, .n_chunks = (t->nbytes + chunk - 1) / chunk};
    if (pthread_mutex_init(&r.lock, NULL) != 0)
        return ENOMEM;
    if (pthread_cond_init(&r.changed, NULL) != 0) {
        pthread_mutex_destroy(&r.lock);
        return ENOMEM;
    }
    pthread_t ids[FILL_MAX_HELPERS];
    int helpers = 0, want = helper_count();
    /* a helper that cannot start leaves its share to the others */
    while (helpers < want && pthread_create(&ids[helpers], NULL, ring_helper, &r) == 0)
        helpers++;
    int rc = ring_write(&r, write, ctx);
    for (int k = 0; k < helpers; k++)
        pthread_join(ids[k], NULL);
    pthread_cond_destroy(&r.changed);
    pthread_mutex_destroy(&r.lock);
    return rc;
}
