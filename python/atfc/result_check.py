"""pyATF's result checks for the kernels' check_result: how an argument's
data is compared with its gold. atfc compares in its device worker, so
only these two are accepted there."""


def equality(x, y):
    return x == y


equality._atfc_tolerance = 0.0


def absolute_difference(max_diff):
    def within(x, y):
        return abs(x - y) <= max_diff

    within._atfc_tolerance = float(max_diff)
    return within
