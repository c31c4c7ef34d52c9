"""pyATF's result checks for the kernels' check_result: how an argument's
data is compared with its gold."""


def equality(x, y):
    return x == y


def absolute_difference(max_diff):
    return lambda x, y: abs(x - y) <= max_diff
