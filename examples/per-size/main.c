/* The program of the per-size example: y = a*x + y on the first OpenCL CPU
 * device, with the configuration axpy_select.h gives for its size and
 * device. Usage: axpy [N] (default 65536). Prints the configuration, the
 * tuned entry it came from, and whether the result is right. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "axpy_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kernel's source with the #atf directives blanked (they are lines of
 * their own), as the tuner measured it. */
static char *kernelSource(const char *path) {
  FILE *file = fopen(path, "rb");
  long size;
  char *text, *line;
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  size = ftell(file);
  fseek(file, 0, SEEK_SET);
  text = (char *)calloc((size_t)size + 1, 1);
  if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) {
    fclose(file);
    free(text);
    return NULL;
  }
  fclose(file);
  for (line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
    if (!strncmp(line, "#atf", 4))
      while (*line && *line != '\n')
        *line++ = ' ';
  return text;
}

static int fail(const char *what, cl_int status) {
  fprintf(stderr, "axpy: %s failed (%d)\n", what, (int)status);
  return 1;
}

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 65536;
  cl_platform_id platform;
  cl_device_id device;
  cl_int status;
  char name[256] = "";
  size_t entry, i, global, local;
  axpy_config config;
  char options[128];
  const float a = 2.0f;
  float *x, *y;
  int wrong = 0;

  if (n == 0 || n > (1u << 30))
    return fprintf(stderr, "axpy: N must be in [1, 2^30]\n"), 2;
  if ((status = clGetPlatformIDs(1, &platform, NULL)) != CL_SUCCESS)
    return fail("clGetPlatformIDs", status);
  if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 1, &device, NULL) != CL_SUCCESS &&
      (status = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL)) != CL_SUCCESS)
    return fail("clGetDeviceIDs", status);
  clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name - 1, name, NULL);

  /* The configuration for this size on this device. */
  entry = axpy_select_index(n, name);
  config = axpy_select(n, name);
  printf("N=%zu: tuned for N=%.0f on %s: WPT=%lld LS=%lld\n", n, axpy_wisdom[entry].in_N,
         axpy_wisdom[entry].device_name, config.WPT, config.LS);
  if (config.WPT < 1 || config.LS < 1 || n % (size_t)config.WPT != 0 ||
      (n / (size_t)config.WPT) % (size_t)config.LS != 0) {
    /* A configuration of another size may not fit this one. */
    printf("N=%zu: it does not divide N; using WPT=1 LS=1\n", n);
    config.WPT = 1;
    config.LS = 1;
  }

  {
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &status);
    cl_command_queue queue;
    cl_program program;
    cl_kernel kernel;
    cl_mem bx, by;
    const int count = (int)n;
    char *source = kernelSource(AXPY_KERNEL);
    if (status != CL_SUCCESS)
      return fail("clCreateContext", status);
    if (!source)
      return fprintf(stderr, "axpy: cannot read %s\n", AXPY_KERNEL), 1;
    queue = clCreateCommandQueue(context, device, 0, &status);
    program = clCreateProgramWithSource(context, 1, (const char **)&source, NULL, &status);
    snprintf(options, sizeof options, "-D WPT=%lld -D LS=%lld", config.WPT, config.LS);
    if ((status = clBuildProgram(program, 1, &device, options, NULL, NULL)) != CL_SUCCESS)
      return fail("clBuildProgram", status);
    kernel = clCreateKernel(program, "axpy", &status);
    x = (float *)malloc(n * sizeof *x);
    y = (float *)malloc(n * sizeof *y);
    for (i = 0; i < n; ++i) {
      x[i] = (float)(i % 100);
      y[i] = 1.0f;
    }
    bx = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof *x, x,
                        &status);
    by = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * sizeof *y, y,
                        &status);
    clSetKernelArg(kernel, 0, sizeof count, &count);
    clSetKernelArg(kernel, 1, sizeof a, &a);
    clSetKernelArg(kernel, 2, sizeof bx, &bx);
    clSetKernelArg(kernel, 3, sizeof by, &by);
    global = n / (size_t)config.WPT;
    local = (size_t)config.LS;
    if ((status = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL,
                                         NULL)) != CL_SUCCESS)
      return fail("clEnqueueNDRangeKernel", status);
    clEnqueueReadBuffer(queue, by, CL_TRUE, 0, n * sizeof *y, y, 0, NULL, NULL);
    for (i = 0; i < n; ++i)
      wrong += y[i] != a * (float)(i % 100) + 1.0f;
    clReleaseMemObject(bx);
    clReleaseMemObject(by);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    free(source);
    free(x);
    free(y);
  }
  printf("N=%zu: %s\n", n, wrong ? "wrong result" : "result ok");
  return wrong ? 1 : 0;
}
