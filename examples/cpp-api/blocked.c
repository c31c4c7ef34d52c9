/* What generic_program tunes: a sum unrolled UNROLL times. */
#include <stdio.h>

int main(void) {
  static float data[1 << 20];
  float sum = 0;
  for (int repeat = 0; repeat < 20; ++repeat)
    for (int i = 0; i < (1 << 20); i += UNROLL)
      for (int k = 0; k < UNROLL; ++k)
        sum += data[i + k] + (float)k;
  printf("%f\n", sum);
  return 0;
}
