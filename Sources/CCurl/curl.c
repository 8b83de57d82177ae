// Opens libcurl.so.4 on the first call into it and forwards each call (see CCurl.h).
// Without libcurl installed, that first call prints why and exits with status 70 (a
// linked binary would not start at all).
#define CURL_DISABLE_TYPECHECK  // the variadic functions are called through pointers
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static struct curl_functions {
    CURLcode (*global_init)(long);
    const char *(*easy_strerror)(CURLcode);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
} loaded;

static pthread_once_t curl_opened = PTHREAD_ONCE_INIT;
/// Why libcurl could not be opened; empty when it was.
static char load_error[512];

/// Keeps the first failure's reason: the later ones follow from it.
static void failed(void) {
    if (load_error[0] != '\0') return;
    const char *why = dlerror();
    snprintf(load_error, sizeof load_error, "%s", why != NULL ? why : "unknown error");
}

static void *function(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (found == NULL) failed();
    return found;
}

static void open_curl(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        failed();
        return;
    }
    loaded.global_init = function(library, "curl_global_init");
    loaded.easy_strerror = function(library, "curl_easy_strerror");
    loaded.easy_init = function(library, "curl_easy_init");
    loaded.easy_cleanup = function(library, "curl_easy_cleanup");
    loaded.easy_perform = function(library, "curl_easy_perform");
    loaded.easy_setopt = function(library, "curl_easy_setopt");
    loaded.easy_getinfo = function(library, "curl_easy_getinfo");
    loaded.slist_append = function(library, "curl_slist_append");
    loaded.slist_free_all = function(library, "curl_slist_free_all");
    loaded.multi_init = function(library, "curl_multi_init");
    loaded.multi_cleanup = function(library, "curl_multi_cleanup");
    loaded.multi_setopt = function(library, "curl_multi_setopt");
    loaded.multi_add_handle = function(library, "curl_multi_add_handle");
    loaded.multi_remove_handle = function(library, "curl_multi_remove_handle");
    loaded.multi_perform = function(library, "curl_multi_perform");
    loaded.multi_poll = function(library, "curl_multi_poll");
    loaded.multi_wakeup = function(library, "curl_multi_wakeup");
    loaded.multi_info_read = function(library, "curl_multi_info_read");
}

/// libcurl's functions, opened on the first call. Without libcurl this prints why and
/// exits with status 70, outside `pthread_once` (other threads are running: no atexit handlers).
static const struct curl_functions *curl(void) {
    pthread_once(&curl_opened, open_curl);
    if (load_error[0] != '\0') {
        fprintf(stderr, "tributary: cannot load libcurl (%s); install it (Debian: apt-get install libcurl4)\n", load_error);
        _exit(70);
    }
    return &loaded;
}

CURLcode tributary_curl_global_init(long flags) { return curl()->global_init(flags); }
const char *tributary_curl_easy_strerror(CURLcode code) { return curl()->easy_strerror(code); }

CURL *tributary_curl_easy_init(void) { return curl()->easy_init(); }
void tributary_curl_easy_cleanup(CURL *easy) { curl()->easy_cleanup(easy); }
CURLcode tributary_curl_easy_perform(CURL *easy) { return curl()->easy_perform(easy); }
struct curl_slist *tributary_curl_slist_append(struct curl_slist *list, const char *text) {
    return curl()->slist_append(list, text);
}
void tributary_curl_slist_free_all(struct curl_slist *list) { curl()->slist_free_all(list); }

CURLM *tributary_curl_multi_init(void) { return curl()->multi_init(); }
CURLMcode tributary_curl_multi_cleanup(CURLM *multi) { return curl()->multi_cleanup(multi); }
CURLMcode tributary_curl_multi_add_handle(CURLM *multi, CURL *easy) { return curl()->multi_add_handle(multi, easy); }
CURLMcode tributary_curl_multi_remove_handle(CURLM *multi, CURL *easy) {
    return curl()->multi_remove_handle(multi, easy);
}
CURLMcode tributary_curl_multi_perform(CURLM *multi, int *running) { return curl()->multi_perform(multi, running); }
CURLMcode tributary_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int extra_count,
                                    int timeout_ms, int *ready) {
    return curl()->multi_poll(multi, extra, extra_count, timeout_ms, ready);
}
CURLMcode tributary_curl_multi_wakeup(CURLM *multi) { return curl()->multi_wakeup(multi); }
CURLMsg *tributary_curl_multi_info_read(CURLM *multi, int *queued) { return curl()->multi_info_read(multi, queued); }

CURLcode tributary_easy_set_long(CURL *easy, CURLoption option, long value) {
    return curl()->easy_setopt(easy, option, value);
}
CURLcode tributary_easy_set_string(CURL *easy, CURLoption option, const char *value) {
    return curl()->easy_setopt(easy, option, value);
}
CURLcode tributary_easy_set_pointer(CURL *easy, CURLoption option, void *value) {
    return curl()->easy_setopt(easy, option, value);
}
CURLcode tributary_easy_set_callback(CURL *easy, CURLoption option, tributary_curl_data_callback value) {
    return curl()->easy_setopt(easy, option, value);
}
CURLcode tributary_easy_set_opensocket(CURL *easy, tributary_curl_opensocket_callback value) {
    return curl()->easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, value);
}
CURLcode tributary_easy_set_progress(CURL *easy, tributary_curl_progress_callback value) {
    return curl()->easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, value);
}
CURLcode tributary_easy_get_string(CURL *easy, CURLINFO info, const char **value) {
    return curl()->easy_getinfo(easy, info, value);
}
CURLMcode tributary_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl()->multi_setopt(multi, option, value);
}
