//===- Search/Techniques/BayesOpt.h - Bayesian optimisation with a GP --*- C++ -*-===//
//
// bayes_opt(samples, acquisition, training, candidates): Bayesian
// optimisation over the parameters with a Gaussian process
// (Search/GaussianProcess.h), in the manner of Kernel Tuner's bayes_opt.
//
//  - Until `samples` results are known (its own or, as a bandit's arm or
//    after a warm start, anyone's), uniformly random configurations; a
//    first batch larger than `samples` is random throughout (no model
//    yet), so that a job of many ranks starts them all.
//  - Then, before each batch, the process is fitted to the log cost of the
//    valid results over the value indices, each normalised to [0,1]. At
//    most `training` results train it, so that a proposal costs
//    O(training^3) however long the run: the best half of them and a
//    uniform sample of the rest. Failed configurations train a second
//    process, on 1 (ran) and 0 (failed), with the first one's length scale
//    and nugget: its mean, clipped to [0,1], is the chance that a
//    candidate runs. (A failure counted as the worst cost put a cliff
//    beside the optimum where tiles or blocks are largest that still run,
//    as on convolution: the one length scale shrank to fit it, and the
//    costs' model lost its reach.)
//  - The candidates are every unknown configuration where the space has at
//    most `candidates` configurations (enumerated by index once), else
//    `candidates` uniformly random unknown ones plus every one-parameter
//    move of the five best known (ChainOfTrees::parameterNeighbours; at
//    most `candidates` of a parameter, evenly spaced).
//  - The proposal is the candidate of the highest acquisition, weighed by
//    its chance to run: expected improvement over the best log cost times
//    the chance (`acquisition` 0), the lowest lower confidence bound
//    mean - 2 sd, mixed with the worst log cost by the chance to fail (1),
//    or the two by turns, batch by batch (2, Kernel Tuner's "multi"
//    alternates similarly). A batch of
//    several takes them one at a time, the model believing each chosen
//    one measured at its predicted mean before the next is scored
//    (GaussianProcess::Posterior): the variances near it shrink, so the
//    batch spreads instead of taking the first one's neighbours.
//  - It is asynchronous: a result joins the data whenever it comes, and a
//    proposal while others are measured fits the model to the results
//    known by then and believes its latest 32 proposals still measured
//    at their predicted means first, as a batch's earlier choices are
//    believed (below); configurations awaiting their result are no
//    candidates (ConfigurationTechnique::known). With many proposals in
//    flight (asynchronous dispatch over many ranks), one model chooses
//    several: one for every 16 in flight, handed out as the ranks finish,
//    until as many results came in as were chosen; then the model is
//    fitted again. A model fitted per result made rank 0 the limit at
//    256 ranks (docs/scale-out.md); with fewer than 32 in flight nothing
//    changes, a run on one rank included.
//  - Costs measured elsewhere (a prior's, observeElsewhere) are one more
//    input: their log, scaled to [0,1] (their mean where a configuration
//    has none), so configurations the prior ranks alike are predicted
//    alike. Once 50 results of the run are known they rank better, and the
//    input is dropped.
//
// Its numbers, defaults and admitted values: kParameters.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_BAYESOPT_H
#define ATFC_SEARCH_TECHNIQUES_BAYESOPT_H

#include "Search/ConfigurationTechnique.h"
#include "Search/HyperParameter.h"

#include <array>
#include <map>

namespace atfc {

class BayesOpt : public ConfigurationTechnique {
public:
  enum class Acquisition { ExpectedImprovement = 0, LowerConfidenceBound = 1, Alternating = 2 };

  static constexpr std::size_t kDefaultSamples = 8;
  static constexpr Acquisition kDefaultAcquisition = Acquisition::Alternating;
  static constexpr std::size_t kDefaultTraining = 150;
  static constexpr std::size_t kDefaultCandidates = 1000;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 4> kParameters = {{
      countParameter("samples", kDefaultSamples, 1, "results known before the model is used"),
      {"acquisition", static_cast<double>(kDefaultAcquisition), 0, Bound::Included, 2,
       Bound::Included, true, "0: expected improvement, 1: lower confidence bound, 2: by turns"},
      countParameter("training", kDefaultTraining, 2, "most results the model is fitted to"),
      countParameter("candidates", kDefaultCandidates, 1,
                     "configurations scored per batch (all where the space is this small)"),
  }};

  explicit BayesOpt(std::size_t Samples = kDefaultSamples, Acquisition Kind = kDefaultAcquisition,
                    std::size_t Training = kDefaultTraining,
                    std::size_t Candidates = kDefaultCandidates);
  /// From values admitted by kParameters, one per parameter.
  explicit BayesOpt(std::span<const double> Values);
  std::string describe() const override;
  bool asynchronous() const override { return true; }
  void observeElsewhere(std::span<const double> Points, std::span<const double> Costs) override;

private:
  void start() override;
  std::vector<Configuration> next(std::size_t Max) override;
  /// The batch next() proposes.
  std::vector<Configuration> choose(std::size_t Max);
  void learn(const Configuration &C, const OptionalCost &Result, bool Own) override;

  /// The model's inputs per configuration: its parameters, and the cost
  /// measured elsewhere where such costs were given.
  std::size_t features() const;

  /// X and EverythingX again, after the inputs changed.
  void rebuildFeatures();
  /// C's value indices, each over its range's last index.
  void appendFeatures(const Configuration &C, std::vector<double> &Row) const;
  /// The candidates of this batch, every one unknown; their features go
  /// to PoolX.
  std::vector<Configuration> candidatePool(const std::vector<double> &Y,
                                           std::vector<double> &PoolX);

  std::size_t Samples;
  Acquisition Kind;
  std::size_t Training, Candidates;
  /// Model batches so far (Alternating takes turns by it).
  std::size_t ModelBatches = 0;
  /// The model's last chosen length scale and nugget (0: none yet), and
  /// the model batches since they were chosen.
  double LengthScale = 0, Nugget = 0;
  std::size_t SinceTuning = 0;
  /// Every result known: features (row-major), log cost (nullopt: failed).
  std::vector<double> X;
  std::vector<std::optional<double>> Costs;
  std::vector<Configuration> Seen;
  /// Its proposals whose results are not known yet, oldest first.
  std::vector<Configuration> Outstanding;
  /// Chosen by the last model and not proposed yet, in order; handed out
  /// until Chosen results have come since it was fitted (Learnt).
  std::vector<Configuration> Prepared;
  std::size_t Chosen = 0, Learnt = 0;
  /// Log costs measured elsewhere, scaled to [0, 1] over their range (the
  /// model's last input), and the input of a configuration without one
  /// (their mean); empty: none given, or forgotten once the run has enough
  /// results of its own. Kept across start().
  std::map<Configuration, double> Elsewhere;
  double ElsewhereMean = 0;
  /// The whole space and its features, where it has at most Candidates.
  std::vector<Configuration> Everything;
  std::vector<double> EverythingX;
};

} // namespace atfc

#endif
