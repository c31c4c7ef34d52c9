//===- Search/Techniques/GaussianProcess.cpp - Regression with a Matérn kernel --===//
#include "Search/Techniques/GaussianProcess.h"

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include <cmath>
#include <limits>
#include <numbers>

namespace atfc {

namespace {

using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Matérn 5/2 correlation at distance R (length scale applied).
double matern52(double R) {
  const double S = std::sqrt(5.0) * R;
  return (1.0 + S + S * S / 3.0) * std::exp(-S);
}

Eigen::Map<const RowMatrix> rows(std::span<const double> X, std::size_t D) {
  return {X.data(), static_cast<Eigen::Index>(X.size() / D), static_cast<Eigen::Index>(D)};
}

/// Euclidean distances between the rows of A and B.
Matrix distances(const Eigen::Map<const RowMatrix> &A, const Eigen::Map<const RowMatrix> &B) {
  const Vector NormA = A.rowwise().squaredNorm(), NormB = B.rowwise().squaredNorm();
  Matrix Dist = -2.0 * (A * B.transpose());
  Dist.colwise() += NormA;
  Dist.rowwise() += NormB.transpose();
  return Dist.cwiseMax(0.0).cwiseSqrt();
}

} // namespace

struct GaussianProcess::State {
  std::size_t D = 0;
  std::vector<double> X;
  double YMean = 0, YScale = 1;
  double LengthScale = 1, Nugget = 1e-6;
  /// The profiled signal variance, in standardised units.
  double Signal = 1;
  double LogLikelihood = -std::numeric_limits<double>::infinity();
  Eigen::LLT<Matrix> Factor;
  /// (C + nugget I)^-1 y, standardised.
  Vector Alpha;
};

GaussianProcess::GaussianProcess() : S(std::make_unique<State>()) {}
GaussianProcess::~GaussianProcess() = default;
GaussianProcess::GaussianProcess(GaussianProcess &&) noexcept = default;
GaussianProcess &GaussianProcess::operator=(GaussianProcess &&) noexcept = default;

double GaussianProcess::lengthScale() const { return S->LengthScale; }
double GaussianProcess::nugget() const { return S->Nugget; }
double GaussianProcess::logLikelihood() const { return S->LogLikelihood; }

namespace {

struct Candidate {
  double LengthScale, Nugget, Signal, LogLikelihood;
  Eigen::LLT<Matrix> Factor;
  Vector Alpha;
};

/// The fit with the given nugget to correlations K (nugget not added) on
/// standardised Y; its log likelihood is -inf where the matrix is not
/// positive definite.
Candidate fitOne(const Matrix &Correlation, const Vector &Y, double LengthScale, double Nugget) {
  const auto N = Correlation.rows();
  Matrix K = Correlation;
  K.diagonal().array() += Nugget;
  Candidate C{LengthScale, Nugget, 1, -std::numeric_limits<double>::infinity(), K.llt(), {}};
  if (C.Factor.info() != Eigen::Success)
    return C;
  C.Alpha = C.Factor.solve(Y);
  // The signal variance that maximises the likelihood: y' K^-1 y / n.
  C.Signal = std::max(Y.dot(C.Alpha) / static_cast<double>(N), 1e-12);
  const Matrix &L = C.Factor.matrixLLT();
  const double LogDet = 2.0 * L.diagonal().array().log().sum();
  C.LogLikelihood = -0.5 * static_cast<double>(N) * (std::log(C.Signal) + 1.0) - 0.5 * LogDet -
                    0.5 * static_cast<double>(N) * std::log(2.0 * std::numbers::pi);
  return C;
}

Matrix correlations(const Matrix &Dist, double LengthScale) {
  return Dist.unaryExpr([&](double R) { return matern52(R / LengthScale); });
}

} // namespace

void GaussianProcess::fit(std::span<const double> X, std::size_t D, std::span<const double> Y) {
  fit(X, D, Y, 0, 0);
}

void GaussianProcess::fit(std::span<const double> X, std::size_t D, std::span<const double> Y,
                          double LengthScale, double Nugget) {
  S->D = D;
  S->X.assign(X.begin(), X.end());
  const auto N = static_cast<Eigen::Index>(Y.size());
  const Eigen::Map<const Vector> Raw(Y.data(), N);
  S->YMean = Raw.mean();
  const double Var = (Raw.array() - S->YMean).square().sum() / static_cast<double>(N);
  S->YScale = Var > 1e-24 ? std::sqrt(Var) : 1.0;
  const Vector Standard = (Raw.array() - S->YMean) / S->YScale;
  const auto XRows = rows(S->X, D);
  const Matrix Dist = distances(XRows, XRows);

  std::vector<double> Lengths, Nuggets;
  if (LengthScale > 0) {
    Lengths = {LengthScale};
    Nuggets = {Nugget};
  } else {
    const double Diagonal = std::sqrt(static_cast<double>(std::max<std::size_t>(D, 1)));
    for (double L : kLengthScales)
      Lengths.push_back(L * Diagonal);
    Nuggets.assign(kNuggets.begin(), kNuggets.end());
  }
  Candidate Best{0, 0, 1, -std::numeric_limits<double>::infinity(), {}, {}};
  for (double L : Lengths) {
    const Matrix Correlation = correlations(Dist, L); // shared by the nuggets
    for (double G : Nuggets) {
      Candidate C = fitOne(Correlation, Standard, L, G);
      if (C.LogLikelihood > Best.LogLikelihood || Best.LengthScale == 0)
        Best = std::move(C);
    }
  }
  if (!std::isfinite(Best.LogLikelihood)) // only a large nugget is safe
    Best = fitOne(correlations(Dist, Lengths.back()), Standard, Lengths.back(), 1.0);
  S->LengthScale = Best.LengthScale;
  S->Nugget = Best.Nugget;
  S->Signal = Best.Signal;
  S->LogLikelihood = Best.LogLikelihood;
  S->Factor = std::move(Best.Factor);
  S->Alpha = std::move(Best.Alpha);
}

struct GaussianProcess::Posterior::State {
  const GaussianProcess::State *Model = nullptr;
  RowMatrix Q;
  /// L^-1 Kq: the training rows' correlations with the queries, whitened
  /// (n x m); a column gives a query's prior covariance with the others.
  Matrix Whitened;
  /// One column of conditioning per chosen query: its covariance with
  /// every query over the deviation of its fantasised observation.
  std::vector<Vector> Updates;
  std::vector<double> Mean, Variance;
};

GaussianProcess::Posterior::Posterior(const GaussianProcess &Model, std::span<const double> Q)
    : S(std::make_unique<State>()) {
  const GaussianProcess::State &M = *Model.S;
  S->Model = &M;
  const std::size_t Count = Q.size() / M.D;
  S->Mean.assign(Count, M.YMean);
  S->Variance.assign(Count, M.Signal * M.YScale * M.YScale);
  S->Q = rows(Q, M.D);
  if (Count == 0 || M.Alpha.size() == 0)
    return;
  const auto XRows = rows(M.X, M.D);
  // Kq: n x m correlations between training rows and queries.
  Matrix &Kq = S->Whitened;
  Kq = distances(XRows, rows(Q, M.D)).unaryExpr([&](double R) {
    return matern52(R / M.LengthScale);
  });
  const Vector Mu = Kq.transpose() * M.Alpha;
  M.Factor.matrixL().solveInPlace(Kq);
  const Vector Explained = Kq.colwise().squaredNorm();
  for (std::size_t I = 0; I < Count; ++I) {
    const auto J = static_cast<Eigen::Index>(I);
    S->Mean[I] = M.YMean + M.YScale * Mu(J);
    S->Variance[I] = M.Signal * M.YScale * M.YScale * std::max(1.0 - Explained(J), 1e-12);
  }
}

GaussianProcess::Posterior::~Posterior() = default;
GaussianProcess::Posterior::Posterior(Posterior &&) noexcept = default;
GaussianProcess::Posterior &GaussianProcess::Posterior::operator=(Posterior &&) noexcept = default;

const std::vector<double> &GaussianProcess::Posterior::mean() const { return S->Mean; }
const std::vector<double> &GaussianProcess::Posterior::variance() const { return S->Variance; }

void GaussianProcess::Posterior::condition(std::size_t I) {
  const GaussianProcess::State &M = *S->Model;
  const double Prior = M.Signal * M.YScale * M.YScale;
  const auto C = static_cast<Eigen::Index>(I);
  // The covariance of every query with query I: the prior's, less what
  // the training data explains, less what earlier conditions explained.
  Vector Cov = ((S->Q.rowwise() - S->Q.row(C)).rowwise().norm()).unaryExpr([&](double R) {
    return matern52(R / M.LengthScale);
  });
  if (S->Whitened.size() != 0)
    Cov.noalias() -= S->Whitened.transpose() * S->Whitened.col(C);
  Cov *= Prior;
  for (const Vector &U : S->Updates)
    Cov -= U * U(C);
  const Vector &Update =
      S->Updates.emplace_back(Cov / std::sqrt(S->Variance[I] + M.Nugget * Prior));
  for (std::size_t J = 0; J < S->Variance.size(); ++J) {
    const double Shrink = Update(static_cast<Eigen::Index>(J));
    S->Variance[J] = std::max(S->Variance[J] - Shrink * Shrink, Prior * 1e-12);
  }
}

void GaussianProcess::predict(std::span<const double> Q, std::vector<double> &Mean,
                              std::vector<double> &Variance) const {
  Posterior At(*this, Q);
  Mean = At.mean();
  Variance = At.variance();
}

} // namespace atfc
