/* Asks fitting_select.h for the entry of each size given. */
#include "fitting_select.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int i;
  for (i = 1; i < argc; ++i) {
    size_t n = (size_t)strtoull(argv[i], NULL, 10);
    fitting_selection s = fitting_select_fitting(n, NULL);
    fitting_config c = fitting_select(n, NULL);
    printf("N=%s: entry %u (tuned for N=%.0f) WG=%lld EPT=%lld fits=%d check=%d same=%d\n", argv[i],
           (unsigned)s.index, fitting_wisdom[s.index].in_N, s.config.WG, s.config.EPT, s.fits,
           fitting_fits(n, &s.config), c.WG == s.config.WG && c.EPT == s.config.EPT &&
           fitting_select_index(n, NULL) == s.index);
  }
  return 0;
}
