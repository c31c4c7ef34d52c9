/* The program gcc_flags.py tunes: it times a loop and writes the seconds
   to cost.txt. */
#include <stdio.h>
#include <time.h>

static double work(int n) {
  double s = 0;
  for (int i = 1; i < n; ++i)
    s += (double)(i % 7) / i;
  return s;
}

int main(void) {
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  volatile double r = work(2000000);
  clock_gettime(CLOCK_MONOTONIC, &b);
  (void)r;
  FILE *f = fopen("cost.txt", "w");
  if (!f)
    return 1;
  fprintf(f, "%.9f\n", (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9);
  return fclose(f) != 0;
}
