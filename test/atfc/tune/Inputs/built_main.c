/* Asks built_select.h for the configuration of each size given. */
#include "built_select.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int i;
  for (i = 1; i < argc; ++i) {
    size_t n = (size_t)strtoull(argv[i], NULL, 10);
    built_selection s = built_select_fitting(n, NULL);
    built_config c = built_select(n, NULL);
    printf("N=%s: entry %u T=%lld U=%lld fits=%d check=%d same=%d\n", argv[i], (unsigned)s.index,
           s.config.T, s.config.U, s.fits, built_fits(n, &s.config),
           c.T == s.config.T && c.U == s.config.U);
  }
  return 0;
}
