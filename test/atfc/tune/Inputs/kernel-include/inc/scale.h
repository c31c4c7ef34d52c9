// Included by ../scale.cl: the factor the kernel scales by.
#define SCALE 2.0f
