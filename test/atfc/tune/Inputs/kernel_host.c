/* Loads a kernel source file as it is and builds it on the first OpenCL
 * device with the options given: what a program does with the
 * NAME.kernel.EXT of `atfc tune`. Usage: kernel_host FILE OPTIONS KERNEL */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_program program;
  cl_int status;
  FILE *file;
  long size;
  char *text, log[4096];
  if (argc != 4 || !(file = fopen(argv[1], "rb")))
    return 2;
  fseek(file, 0, SEEK_END);
  size = ftell(file);
  fseek(file, 0, SEEK_SET);
  text = (char *)calloc((size_t)size + 1, 1);
  if (!text || fread(text, 1, (size_t)size, file) != (size_t)size)
    return 2;
  fclose(file);
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS)
    return 3;
  context = clCreateContext(NULL, 1, &device, NULL, NULL, &status);
  program = clCreateProgramWithSource(context, 1, (const char **)&text, NULL, &status);
  status = clBuildProgram(program, 1, &device, argv[2], NULL, NULL);
  if (status != CL_SUCCESS) {
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    printf("build failed (%d):\n%s\n", (int)status, log);
    return 1;
  }
  clCreateKernel(program, argv[3], &status);
  printf("built %s with %s: kernel %s %s\n", argv[1], argv[2], argv[3],
         status == CL_SUCCESS ? "found" : "missing");
  clReleaseProgram(program);
  clReleaseContext(context);
  free(text);
  return status == CL_SUCCESS ? 0 : 1;
}
