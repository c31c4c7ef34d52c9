"""pyATF's cost functions: generic (programs), python (a class per
configuration), opencl and cuda (kernels)."""
