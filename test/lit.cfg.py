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

config.substitutions.append(("%atfc", os.path.join(config.atfc_tools_dir, "atfc")))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%python", config.python))
config.environment["POCL_CACHE_DIR"] = os.path.join(config.atfc_obj_root, "pocl-cache")

# Tests that run CUDA kernels need the driver; they are unsupported without.
import ctypes
try:
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass
