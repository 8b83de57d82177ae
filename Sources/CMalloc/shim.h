// glibc's allocator controls (mallopt), for the CLI's allocator tuning.
#include <malloc.h>
