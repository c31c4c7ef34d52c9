# lit configuration for atfc's end-to-end tests: each test is an annotated
# input file whose RUN lines drive atfc and whose CHECK lines FileCheck reads.
import os
import lit.formats

config.name = "atfc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".atf", ".cl", ".cu", ".cpp", ".sh", ".py"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.join(config.atfc_src_root, "test", "atfc")
config.test_exec_root = os.path.join(config.atfc_obj_root, "test", "atfc")

# %atfc-ranks before %atfc, which is a prefix of it.
config.substitutions.append(("%atfc-ranks", os.path.join(config.atfc_tools_dir, "atfc-ranks")))
config.substitutions.append(("%atfc", os.path.join(config.atfc_tools_dir, "atfc")))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%python", config.python))
config.environment["POCL_CACHE_DIR"] = os.path.join(config.atfc_obj_root, "pocl-cache")
# No per-user tuner cache: each test builds its tuners where it says, and
# nothing is written to the user's home (tune/user-tuner-cache.test sets one).
config.environment["ATFC_TUNER_CACHE"] = ""

# The CUDA libraries are found at run time (lib/DeviceBackends/CudaLibraries.h):
# these variables steer where, and reach atfc, its tuners and their workers.
# ATFC_CUDA_LIBRARY_PATH= (empty) hides both, as on a machine without them.
for name in ["ATFC_CUDA_LIBRARY_PATH", "CUDA_HOME", "CUDA_PATH", "LD_LIBRARY_PATH"]:
    if name in os.environ:
        config.environment[name] = os.environ[name]

# What this machine has, asked of the same library the tuners link:
#   cuda-nvrtc    NVRTC was found and compiled a kernel (no GPU needed)
#   cuda-driver   the CUDA driver was found and sees a device
#   opencl-fp16   an OpenCL device supports half precision (cl_khr_fp16)
# Each CUDA test says which it REQUIRES; the others run everywhere.
import subprocess
inventory = subprocess.run([config.atfc_device_probe, "--devices"], capture_output=True,
                           text=True, env={**os.environ, **config.environment}).stdout
for line in inventory.splitlines():
    lit_config.note("device inventory: " + line)
    if line.startswith("CUDA: NVRTC") and line.endswith(": compiles kernels"):
        config.available_features.add("cuda-nvrtc")
    if line.startswith("CUDA: device "):
        config.available_features.add("cuda-driver")
    if line.startswith("OpenCL: platform ") and line.endswith("(cl_khr_fp16)"):
        config.available_features.add("opencl-fp16")

# mpi: atfc-ranks was built and mpiexec runs here (test/atfc/ranks/). Open MPI
# refuses root unless told, and the ranks outnumber the cores.
import shutil
if config.atfc_have_mpi and shutil.which("mpiexec"):
    config.available_features.add("mpi")
    config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
    config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
    config.environment["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
