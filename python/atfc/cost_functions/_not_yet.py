"""What the kernel cost functions say until they are written: every name of
pyATF's module exists and raises NotImplementedError, naming what to use
instead, so that a pyATF program stops at its first use with a clear
reason instead of a missing module."""


def refusing(module, names):
    message = (f'atfc.cost_functions.{module} is not written yet: atfc measures kernels in its '
               f'device worker, and the Python package does not reach it yet '
               f'(docs/python.md, "Not yet"). Tune kernels with atfc\'s directives (atfc tune) '
               f'or <atf.hpp>, or measure them in a Python cost function of your own')

    def refuse(*args, **kwargs):
        raise NotImplementedError(message)

    return {name: refuse for name in names}
