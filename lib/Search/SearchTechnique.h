//===- Search/SearchTechnique.h - The interface of a technique --*- C++ -*-===//
//
// A search technique proposes points of the coordinate space (0,1]^D of the
// ATF TACO paper (section 5) and learns from their costs. Every point maps
// to a valid configuration (SearchDomain), so a technique never meets the
// constraints. Techniques are ask/tell: the exploration asks for a batch of
// points (a technique that can say several points ahead lets compile scripts
// run in parallel) and then reports the cost of each, in the order proposed.
//
// An asynchronous technique (asynchronous()) also takes the reports in any
// order, and proposals while some of its points are still measured, so
// that a rank that finishes gets a configuration proposed with the latest
// results at once instead of waiting for the whole batch
// (docs/scale-out.md). The exploration keeps the batch order for the others.
//
// A technique is deterministic for a given seed and sequence of events
// (proposals asked, with their Max, and reports, in the order they came).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_SEARCHTECHNIQUE_H
#define ATFC_SEARCH_SEARCHTECHNIQUE_H

#include "Search/SearchDomain.h"
#include "Support/Cost.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace atfc {

/// A point of (0,1]^D.
using Point = std::vector<double>;

class SearchTechnique {
public:
  virtual ~SearchTechnique() = default;

  /// Starts (or starts again) on Domain with the given seed. Called before
  /// the first proposal; Domain outlives the technique's use of it.
  virtual void initialize(const SearchDomain &Domain, std::uint64_t Seed) = 0;

  /// The next points to measure: at most Max (Max >= 1), and at least one
  /// while none of its points awaits a report. Each gets exactly one
  /// report(): in the order returned and before the next call to
  /// propose(), unless the technique is asynchronous().
  virtual std::vector<Point> propose(std::size_t Max) = 0;

  /// The cost of a proposed point (nullopt: invalid configuration). A point
  /// whose configuration was measured before is reported with that result.
  /// Where is the point as propose() returned it.
  virtual void report(std::span<const double> Where, const OptionalCost &Result) = 0;

  /// Whether the technique is asynchronous: its points may be reported in
  /// any order, and propose() may be called while some of them await their
  /// reports (it may then return none: nothing to propose before a report).
  /// A technique that is not is used in whole batches (Exploration).
  virtual bool asynchronous() const { return false; }

  /// Whether the exploration may start it again, with a new seed, when it
  /// proposes only known configurations (Exploration). A program's own
  /// technique is not: it owns its search, as in pyATF (initialized and
  /// finalized once, only its own proposals measured), so the run ends
  /// instead.
  virtual bool restartable() const { return true; }

  /// The technique's name with its hyper-parameters, as it would be written
  /// in a `search_technique` directive: "differential_evolution(20, 0.8, 0.9)".
  virtual std::string describe() const = 0;
};

/// The batch that propose(Max) returns for a technique that queues its
/// next points ahead: up to Max of them (at least one while any is queued)
/// from the front of Queue, each taken off by Take(Item &&), which returns
/// its point (and may note the item as awaiting its report).
template <class Item, class TakeFn>
std::vector<Point> takeBatch(std::deque<Item> &Queue, std::size_t Max, TakeFn Take) {
  std::vector<Point> Batch;
  while (!Queue.empty() && Batch.size() < std::max<std::size_t>(Max, 1)) {
    Batch.push_back(Take(std::move(Queue.front())));
    Queue.pop_front();
  }
  return Batch;
}

} // namespace atfc

#endif
