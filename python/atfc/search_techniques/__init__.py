"""pyATF's search techniques, run by atfc's engine (docs/search.md).

Each class names one of atfc's techniques; AUCBandit and RoundRobin take
their arms as pyATF does (AUCBandit's defaults are pyATF's: simulated
annealing, pattern search and Torczon, c = 0.05, a window of 500). Besides
pyATF's, every technique of atfc is here (ParticleSwarm, NelderMead,
BayesOpt, ...), and Technique("text") takes any technique as `atfc tune
--technique` writes it. A program's own technique derives from
SearchTechnique or SearchTechnique1D.
"""

import math
import numbers

from .search_technique import SearchTechnique
from .search_technique_1d import SearchTechnique1D


class EngineTechnique:
    """One of atfc's techniques. Arguments given as pyATF's
    hyper-parameters are recorded in the log, not used: atfc's techniques
    have their own (docs/search.md)."""

    _text = ''

    def __init__(self, *args, **kwargs):
        self._arguments = (args, kwargs)

    def text(self) -> str:
        return self._text

    def to_json(self):
        return {'kind': type(self).__name__, 'atfc': self.text()}


def _technique(name, text, doc):
    return type(name, (EngineTechnique,), {'_text': text, '__doc__': doc})


Exhaustive = _technique('Exhaustive', 'exhaustive', 'Every configuration once, in index order.')
Random = _technique('Random', 'random', 'Uniformly random configurations.')
SimulatedAnnealing = _technique('SimulatedAnnealing', 'simulated_annealing', 'Simulated annealing.')
DifferentialEvolution = _technique('DifferentialEvolution', 'differential_evolution',
                                   'DE/rand/1/bin.')
PatternSearch = _technique('PatternSearch', 'pattern_search', 'Compass search.')
Torczon = _technique('Torczon', 'torczon', 'Multi-directional search.')
ParticleSwarm = _technique('ParticleSwarm', 'particle_swarm', 'Particle swarm optimisation.')
NelderMead = _technique('NelderMead', 'nelder_mead', 'The Nelder-Mead simplex.')
BayesOpt = _technique('BayesOpt', 'bayes_opt', 'Gaussian-process Bayesian optimisation.')
GeneticAlgorithm = _technique('GeneticAlgorithm', 'genetic_algorithm', 'A genetic algorithm.')
LocalSearch = _technique('LocalSearch', 'local_search', 'Iterated tabu search.')
AtfPortfolio = _technique('AtfPortfolio', 'atf_portfolio', "ATF's AUC bandit over DE, "
                          'Nelder-Mead and Torczon.')


class Technique(EngineTechnique):
    """Any of atfc's techniques by its text: Technique('auc_bandit(torczon, random)')."""

    def __init__(self, text: str):
        super().__init__(text)
        if not isinstance(text, str) or not text.strip():
            raise ValueError('Technique: expecting the text of one of atfc\'s techniques')
        self._text = text


def _arms(techniques, who):
    texts = []
    for t in techniques:
        if not isinstance(t, EngineTechnique):
            raise TypeError(f'{who}: its arms are atfc\'s techniques (Torczon(), ...); '
                            f'{type(t).__name__} is not one')
        texts.append(t.text())
    if not texts:
        raise ValueError(f'{who}: expecting at least one technique')
    return texts


class AUCBandit(EngineTechnique):
    """OpenTuner's AUC bandit over techniques (atfc's auc_bandit)."""

    def __init__(self, techniques=None, c: float = 0.05, window_size: int = 500):
        super().__init__(techniques, c, window_size)
        if techniques is None:
            techniques = (SimulatedAnnealing(), PatternSearch(), Torczon())
        self._arms = _arms(techniques, 'AUCBandit')
        # (Pasted into the technique's text: c='x' became a technique name.)
        if isinstance(c, bool) or not isinstance(c, numbers.Real) or not 0 <= c < math.inf:
            raise ValueError(f'AUCBandit: c is a number of 0 or more, not {c!r}')
        if isinstance(window_size, bool) or not isinstance(window_size, numbers.Integral) \
                or window_size < 1:
            raise ValueError(f'AUCBandit: window_size is a whole number of 1 or more, '
                             f'not {window_size!r}')
        self._c, self._window = float(c), int(window_size)

    def text(self):
        return f'auc_bandit({self._c}, {self._window}, {", ".join(self._arms)})'


# The paper's spelling (Listing 5: `search_technique(AUC())`).
AUC = AUCBandit


class RoundRobin(EngineTechnique):
    """The techniques propose in turn."""

    def __init__(self, techniques=None):
        super().__init__(techniques)
        if techniques is None:
            techniques = (SimulatedAnnealing(), PatternSearch(), Torczon())
        self._arms = _arms(techniques, 'RoundRobin')

    def text(self):
        return f'round_robin({", ".join(self._arms)})'


class OpenTuner(EngineTechnique):
    """pyATF's bridge to OpenTuner: atfc does not run OpenTuner (a Python
    tuner of its own); AUCBandit() is OpenTuner's AUC bandit over atfc's
    techniques. Using it raises ValueError."""

    def text(self):
        raise ValueError('OpenTuner: atfc does not run OpenTuner; AUCBandit() is OpenTuner\'s '
                         'AUC bandit over atfc\'s own techniques, or choose any of '
                         'atfc.search_techniques')


__all__ = ['SearchTechnique', 'SearchTechnique1D', 'EngineTechnique', 'Technique', 'Exhaustive',
           'Random', 'SimulatedAnnealing', 'DifferentialEvolution', 'PatternSearch', 'Torczon',
           'ParticleSwarm', 'NelderMead', 'BayesOpt', 'GeneticAlgorithm', 'LocalSearch',
           'AtfPortfolio', 'AUCBandit', 'AUC', 'RoundRobin', 'OpenTuner']
