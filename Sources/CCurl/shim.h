#include <curl/curl.h>

/* curl_easy_setopt and curl_multi_setopt are variadic, which Swift
   cannot call: one typed wrapper per argument kind Tributary uses. */

typedef size_t (*tributary_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode tributary_easy_set_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode tributary_easy_set_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode tributary_easy_set_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode tributary_easy_set_callback(CURL *easy, CURLoption option, tributary_curl_data_callback value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLMcode tributary_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

typedef curl_socket_t (*tributary_curl_opensocket_callback)(void *context, curlsocktype purpose, struct curl_sockaddr *address);

static inline CURLcode tributary_easy_set_opensocket(CURL *easy, tributary_curl_opensocket_callback value) {
    return curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, value);
}

static inline CURLcode tributary_easy_get_string(CURL *easy, CURLINFO info, const char **value) {
    return curl_easy_getinfo(easy, info, value);
}
