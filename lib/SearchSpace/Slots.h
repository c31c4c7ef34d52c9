//===- SearchSpace/Slots.h - A plain aggregate tuple ------------*- C++ -*-===//
//
// Slots<Ts...> holds one value of each type, like std::tuple, but as a plain
// aggregate: it is built with braces, {{a}, {b}, ...}, and read with
// slot<I>(s). The engine keeps a group's parameters and a conjunction's
// parts in Slots because every generated tuner instantiates them for its own
// types, and std::tuple's constructors, with their constraints on every
// element, cost a tuner a noticeable part of its compile time.
//
// Tested through ConstraintTest.cpp (conjunctions keep their parts in Slots).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_SLOTS_H
#define ATFC_SEARCHSPACE_SLOTS_H

#include <cstddef>
#include <utility>

namespace atfc::detail {

/// The I-th value of a Slots.
template <std::size_t I, class T> struct Slot { T Value; };

template <class Indices, class... Ts> struct SlotsOf;
template <std::size_t... Is, class... Ts>
struct SlotsOf<std::index_sequence<Is...>, Ts...> : Slot<Is, Ts>... {};

/// One value of each of Ts, in order.
template <class... Ts> using Slots = SlotsOf<std::index_sequence_for<Ts...>, Ts...>;

/// The value in slot I (found by converting to the slot's type).
template <std::size_t I, class T> T &slot(Slot<I, T> &S) { return S.Value; }
template <std::size_t I, class T> const T &slot(const Slot<I, T> &S) { return S.Value; }

} // namespace atfc::detail

#endif
