"""pyATF's interface for a search technique of the program's own, over the
coordinate space (0,1]^D: atfc runs it in its exploration as its own."""

from typing import Dict, Set

from ..tuning_data import Coordinates, Cost


class SearchTechnique:
    def initialize(self, dimensionality: int):
        raise NotImplementedError

    def finalize(self):
        raise NotImplementedError

    def get_next_coordinates(self) -> Set[Coordinates]:
        raise NotImplementedError

    def report_costs(self, costs: Dict[Coordinates, Cost]):
        """costs: the coordinates asked for, with their costs (None: invalid)."""
        raise NotImplementedError

    def to_json(self):
        return {'kind': type(self).__name__}
