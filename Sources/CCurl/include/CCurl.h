// libcurl, opened on first use instead of linked (curl.c): a command that fetches
// nothing (validate, a replayed digest) then never loads libcurl and its ~30 libraries,
// which cost every start about 5 ms. Each function here calls the libcurl function of
// the same name without the `tributary_` prefix; the first call opens libcurl.so.4.
#ifndef TRIBUTARY_CCURL_H
#define TRIBUTARY_CCURL_H

#include <curl/curl.h>

CURLcode tributary_curl_global_init(long flags);
const char *tributary_curl_easy_strerror(CURLcode code);

CURL *tributary_curl_easy_init(void);
void tributary_curl_easy_cleanup(CURL *easy);
CURLcode tributary_curl_easy_perform(CURL *easy);
struct curl_slist *tributary_curl_slist_append(struct curl_slist *list, const char *text);
void tributary_curl_slist_free_all(struct curl_slist *list);

CURLM *tributary_curl_multi_init(void);
CURLMcode tributary_curl_multi_cleanup(CURLM *multi);
CURLMcode tributary_curl_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode tributary_curl_multi_remove_handle(CURLM *multi, CURL *easy);
CURLMcode tributary_curl_multi_perform(CURLM *multi, int *running);
CURLMcode tributary_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int extra_count,
                                    int timeout_ms, int *ready);
CURLMcode tributary_curl_multi_wakeup(CURLM *multi);
CURLMsg *tributary_curl_multi_info_read(CURLM *multi, int *queued);

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift
   cannot call: one typed wrapper per argument kind Tributary uses. */

typedef size_t (*tributary_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef curl_socket_t (*tributary_curl_opensocket_callback)(void *context, curlsocktype purpose,
                                                            struct curl_sockaddr *address);

CURLcode tributary_easy_set_long(CURL *easy, CURLoption option, long value);
CURLcode tributary_easy_set_string(CURL *easy, CURLoption option, const char *value);
CURLcode tributary_easy_set_pointer(CURL *easy, CURLoption option, void *value);
CURLcode tributary_easy_set_callback(CURL *easy, CURLoption option, tributary_curl_data_callback value);
CURLcode tributary_easy_set_opensocket(CURL *easy, tributary_curl_opensocket_callback value);
/* CURLOPT_XFERINFOFUNCTION: a non-zero return stops the transfer (a send that was cancelled). */
typedef int (*tributary_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t download_now,
                                                curl_off_t upload_total, curl_off_t upload_now);
CURLcode tributary_easy_set_progress(CURL *easy, tributary_curl_progress_callback value);
CURLcode tributary_easy_get_string(CURL *easy, CURLINFO info, const char **value);
CURLMcode tributary_multi_set_long(CURLM *multi, CURLMoption option, long value);

#endif
