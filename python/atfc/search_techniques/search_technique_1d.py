"""pyATF's interface for a search technique of the program's own, over the
configuration indices 0 .. |SP|-1."""

from typing import Dict, Set

from ..tuning_data import Cost, Index


class SearchTechnique1D:
    def initialize(self, search_space_size: int):
        raise NotImplementedError

    def finalize(self):
        raise NotImplementedError

    def get_next_indices(self) -> Set[Index]:
        raise NotImplementedError

    def report_costs(self, costs: Dict[Index, Cost]):
        raise NotImplementedError

    def to_json(self):
        return {'kind': type(self).__name__}
