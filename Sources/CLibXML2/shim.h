#include <libxml/xmlversion.h>
/* libxml2's ICU support pulls in <unicode/*.h>, which clashes with Foundation's own ICU
   module; Tributary never touches libxml2's ICU converters, so hide them. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
