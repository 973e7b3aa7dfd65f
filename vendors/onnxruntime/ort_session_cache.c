/*
 * ort_session_cache.c — get-or-create of ORT sessions per model key (see
 * ort_session_cache.h).  A linear table: a certification uses at most a few
 * hundred keys (ops x types x rank pairs), and a lookup is a handful of
 * integer compares next to an ORT Run.
 */
#include "ort_session_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ort_status_map.h"

static void create_session(const sct_ort_session_host *host,
                           sct_ort_cached_session *e)
{
    uint8_t *model = NULL;
    size_t model_len = 0;
    char err[256];
    if (sct_ort_model_build(&e->key, &model, &model_len, err, sizeof err) !=
        0) {
        e->status = SONNX_STATUS_ERROR;
        snprintf(e->message, sizeof e->message,
                 "adapter could not build the ONNX model: %s", err);
        return;
    }
    sct_ort_status st = host->api->create_session_from_array(
        host->env, model, model_len, host->options, &e->session);
    free(model);
    if (st == NULL) {
        e->status = SONNX_STATUS_OK;
        return;
    }
    char text[400];
    int code = sct_ort_take_status(host->api, st, text, sizeof text);
    e->session = NULL;
    e->status = sct_ort_map_session_error(code, text);
    sct_ort_format_error(e->message, sizeof e->message, "session creation",
                         code, text);
}

const sct_ort_cached_session *
sct_ort_session_cache_get(sct_ort_session_cache *c,
                          const sct_ort_session_host *host,
                          const sct_ort_model_key *key, char *err,
                          size_t err_cap)
{
    for (size_t i = 0; i < c->n; i++)
        if (sct_ort_model_key_equal(&c->entries[i].key, key))
            return &c->entries[i];
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 32;
        sct_ort_cached_session *grown =
            realloc(c->entries, cap * sizeof *grown);
        if (grown == NULL) {
            snprintf(err, err_cap, "out of memory for the session cache");
            return NULL;
        }
        c->entries = grown;
        c->cap = cap;
    }
    sct_ort_cached_session *e = &c->entries[c->n];
    memset(e, 0, sizeof *e);
    e->key = *key;
    create_session(host, e);
    c->n++;
    return e;
}

void sct_ort_session_cache_clear(sct_ort_session_cache *c,
                                 const sct_ort_api *api)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->entries[i].session != NULL)
            api->release_session(c->entries[i].session);
    free(c->entries);
    memset(c, 0, sizeof *c);
}
