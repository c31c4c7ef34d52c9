//===- Results/KernelTunerCache.cpp - Kernel Tuner caches, streamed ------===//
#include "Results/KernelTunerCache.h"
#include "Results/PythonJson.h"
#include "Support/BoundedJson.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <unordered_set>

namespace atfc::recorded {

namespace {

/// Whether an objective is maximised where the data does not say: a rate
/// (GFLOP/s, GB/s; Kernel Tuner 1.x writes no direction into its caches,
/// and its users tune rates with objective_higher_is_better=True).
bool isRate(const std::string &Objective) {
  return Objective.size() > 2 && Objective.compare(Objective.size() - 2, 2, "/s") == 0;
}

/// The objectives of a Kernel Tuner cache and their directions: "objective"
/// one name (0.4.x to 0.5) or a list (1.x), "time" where absent;
/// "objective_higher_is_better" one value for all or one per objective.
Expected<void> readKernelTunerObjectives(const Json &Root, RecordedData &Data) {
  if (auto It = Root.find("objective"); It != Root.end() && !It->is_null()) {
    for (const Json &O : It->is_array() ? *It : Json::array({*It})) {
      if (!O.is_string() || O.get_ref<const std::string &>().empty())
        return Error("\"objective\" holds something other than objective names");
      Data.Objectives.push_back(O.get<std::string>());
    }
  }
  if (Data.Objectives.empty())
    Data.Objectives = {"time"};
  for (const std::string &O : Data.Objectives)
    Data.Directions.push_back(isRate(O) ? Direction::Maximise : Direction::Minimise);
  auto It = Root.find("objective_higher_is_better");
  if (It == Root.end() || It->is_null())
    return success();
  if (!It->is_boolean() && !It->is_array())
    return Error("\"objective_higher_is_better\" is not true or false");
  const Json Said = It->is_array() ? *It : Json::array();
  if (It->is_array() &&
      (Said.size() != Data.Objectives.size() ||
       !std::all_of(Said.begin(), Said.end(), [](const Json &B) { return B.is_boolean(); })))
    return Error("\"objective_higher_is_better\" is not true or false for each objective");
  for (std::size_t I = 0; I < Data.Objectives.size(); ++I)
    Data.Directions[I] = (It->is_boolean() ? It->get<bool>() : Said[I].get<bool>())
                             ? Direction::Maximise
                             : Direction::Minimise;
  return success();
}

/// Why a Kernel Tuner cache entry failed, as Kernel Tuner itself decides:
/// its "__error__" (1.x), or any field holding one of its error classes
/// (0.4.x wrote them in "time"); empty for an entry that did not fail.
std::string kernelTunerFailure(const Json &Entry, const RecordedData &Data) {
  if (auto It = Entry.find("__error__"); It != Entry.end())
    return It->is_string() ? It->get<std::string>() : "ErrorConfig";
  for (const auto &[Key, Field] : Entry.items()) {
    if (!Field.is_string() ||
        std::find(Data.Parameters.begin(), Data.Parameters.end(), Key) != Data.Parameters.end())
      continue;
    const std::string &Text = Field.get_ref<const std::string &>();
    for (const char *Class :
         {"ErrorConfig", "InvalidConfig", "CompilationFailedConfig", "RuntimeFailedConfig"})
      if (Text == Class)
        return Text;
  }
  return std::string();
}

/// The parameters and objectives of a cache whose document (or header so
/// far) is Root, into Data.
Expected<void> readKernelTunerHeader(const Json &Root, RecordedData &Data) {
  auto KeysIt = Root.find("tune_params_keys");
  if (KeysIt == Root.end())
    return Error("Kernel Tuner cache without \"tune_params_keys\"");
  const Json &Keys = *KeysIt;
  if (!Keys.is_array() || Keys.empty())
    return Error("Kernel Tuner cache without \"tune_params_keys\"");
  for (const Json &K : Keys) {
    if (!K.is_string())
      return Error("\"tune_params_keys\" holds a non-string");
    const std::string &Name = K.get_ref<const std::string &>();
    // A name twice gives two columns of one value ("varies but is not a
    // parameter" later): said here, where it is.
    if (std::find(Data.Parameters.begin(), Data.Parameters.end(), Name) != Data.Parameters.end())
      return Error("\"tune_params_keys\" names '" + Name + "' twice");
    Data.Parameters.push_back(Name);
  }
  // GFLOP/s and the like: kept as measured; minimisedForm() gives the
  // search its reciprocal.
  return readKernelTunerObjectives(Root, Data);
}

/// The record of the entry Key of a cache, appended to Data; the error
/// names the entry.
Expected<void> addKernelTunerEntry(const std::string &Key, const Json &Entry, RecordedData &Data) {
  const std::string Where = "entry \"" + Key + "\"";
  if (!Entry.is_object())
    return Error(Where + " is not an object");
  EvaluationRecord E;
  for (const std::string &P : Data.Parameters) {
    Expected<Value> V = parameterValue(Entry, P, Where);
    if (!V)
      return V.takeError();
    E.Configuration.push_back({P, V.take()});
  }
  // Kernel Tuner's milliseconds: the build, and the benchmark with its
  // verification (its framework_time, its own Python, is no GPU's).
  E.Result.CompileSeconds = recordedSeconds(Entry, "compile_time", 1e-3);
  E.Result.RunSeconds = recordedSeconds(Entry, "verification_time", 1e-3) +
                        recordedSeconds(Entry, "benchmark_time", 1e-3);
  E.Result.Reason = kernelTunerFailure(Entry, Data);
  for (std::size_t O = 0; O < Data.Objectives.size() && E.Result.Reason.empty(); ++O) {
    const std::string &Objective = Data.Objectives[O];
    auto Cost = Entry.find(Objective);
    if (Cost == Entry.end()) {
      E.Result.Reason = "no " + Objective;
    } else if (Cost->is_string()) {
      // An error of its own, or Python's NaN or Infinity: no cost.
      const std::string &Text = Cost->get_ref<const std::string &>();
      E.Result.Reason = isPythonNonFinite(Text) ? Objective + " is " + Text : Text;
    } else if (Cost->is_number()) {
      if (std::optional<Error> Impossible = impossibleCost(Cost->get<double>(), Objective, Where))
        return std::move(*Impossible);
      E.Result.Costs.push_back(Cost->get<double>());
    } else {
      E.Result.Reason = Objective + " is not a number";
    }
  }
  E.Result.Valid = E.Result.Reason.empty();
  if (!E.Result.Valid)
    E.Result.Costs.clear();
  Data.Entries.push_back(std::move(E));
  return success();
}

/// What the data is: "Kernel Tuner cache (KERNEL, DEVICE)".
void describeKernelTunerCache(const Json &Root, RecordedData &Data) {
  const std::string Kernel = textField(Root, "kernel_name");
  const std::string Device = textField(Root, "device_name");
  Data.Description = "Kernel Tuner cache";
  if (!Kernel.empty() || !Device.empty())
    Data.Description +=
        " (" + Kernel + (Kernel.empty() || Device.empty() ? "" : ", ") + Device + ")";
}

/// Whether Key names part of a cache's header that its entries are read
/// by: one that comes after the entries were read needs the whole document.
bool readsEntries(const std::string &Key) {
  return Key == "tune_params_keys" || Key == "objective" || Key == "objective_higher_is_better";
}

/// A SAX handler of nlohmann's that builds the root object's members one by
/// one (each with a LinearJsonBuilder) and, once "tune_params_keys" is
/// known, each entry of the "cache" object, turned into its record at once.
/// Where the whole document is needed (a root that is no object, a header
/// key or "cache" after the entries, an entry key twice) it stops and says
/// so (wholeNeeded): the caller parses the text again as one document.
class CacheStream {
public:
  using Builder = LinearJsonBuilder<Json>;
  using String = Json::string_t;

  bool null() {
    return scalar(Json(nullptr), [](Builder &B) { return B.null(); });
  }
  bool boolean(bool V) {
    return scalar(Json(V), [V](Builder &B) { return B.boolean(V); });
  }
  bool number_integer(Json::number_integer_t V) {
    return scalar(Json(V), [V](Builder &B) { return B.number_integer(V); });
  }
  bool number_unsigned(Json::number_unsigned_t V) {
    return scalar(Json(V), [V](Builder &B) { return B.number_unsigned(V); });
  }
  bool number_float(Json::number_float_t V, const String &S) {
    return scalar(Json(V), [V, &S](Builder &B) { return B.number_float(V, S); });
  }
  bool string(String &S) {
    if (Builder *B = inner())
      return B->string(S);
    return own(Json(std::move(S)));
  }
  bool binary(Json::binary_t &V) {
    if (Builder *B = inner())
      return B->binary(V);
    return own(Json::binary(std::move(V)));
  }
  bool start_object(std::size_t N) { return open(true, N); }
  bool start_array(std::size_t N) { return open(false, N); }
  bool end_object() { return close(true); }
  bool end_array() { return close(false); }
  bool key(String &K) {
    if (Builder *B = inner())
      return B->key(K);
    if (Depth == 1) {
      RootKey = K;
      // Read entries would have been read by another header, or replaced.
      if (Streamed && (K == "cache" || readsEntries(K)))
        return whole();
      return true;
    }
    // An entry of the streamed cache: a key seen before (or one whose
    // hash is) replaces the earlier entry in the document's reading.
    EntryKey = K;
    return EntryHashes.insert(std::hash<std::string>{}(K)).second || whole();
  }
  template <typename Exception>
  bool parse_error(std::size_t, const std::string &, const Exception &E) {
    Message = E.what();
    return false;
  }

  bool wholeNeeded() const { return WholeNeeded; }
  bool streamed() const { return Streamed; }
  const std::string &error() const { return Message; }
  /// The document (the streamed cache's entries left out) and the table.
  Json &root() { return Root; }
  Expected<RecordedData> takeCache() {
    if (Failure)
      return std::move(*Failure);
    describeKernelTunerCache(Root, Data);
    return std::move(Data);
  }

private:
  /// The builder of the member or entry being read, if any.
  Builder *inner() { return Entry ? &*Entry : Member ? &*Member : nullptr; }

  template <typename Forward> bool scalar(Json V, Forward F) {
    if (Builder *B = inner())
      return F(*B);
    return own(std::move(V));
  }
  /// A value that is a whole member or a whole entry.
  bool own(Json V) {
    if (Depth == 1) {
      putMember(std::move(V));
      return true;
    }
    if (Depth == 2 && InCache) {
      addEntry(V);
      return true;
    }
    return whole(); // a root that is no object
  }
  bool open(bool Object, std::size_t N) {
    if (Builder *B = inner()) {
      ++Depth;
      return Object ? B->start_object(N) : B->start_array(N);
    }
    if (Depth == 0) {
      if (!Object)
        return whole();
      Depth = 1;
      return true;
    }
    if (Depth == 1 && Object && RootKey == "cache" && Root.contains("tune_params_keys")) {
      // The header so far is the header the entries are read by: a key of
      // it that comes later stops the reading (key()).
      if (Expected<void> Header = readKernelTunerHeader(Root, Data); !Header)
        Failure = Header.takeError();
      InCache = Streamed = true;
      Depth = 2;
      return true;
    }
    std::optional<Builder> &Target = Depth == 1 ? Member : Entry;
    Target.emplace(droppedKeys());
    ++Depth;
    return Object ? Target->start_object(N) : Target->start_array(N);
  }
  bool close(bool Object) {
    --Depth;
    if (Entry) {
      if (!(Object ? Entry->end_object() : Entry->end_array()))
        return false;
      if (Depth == 2) {
        addEntry(Entry->take());
        Entry.reset();
      }
      return true;
    }
    if (Member) {
      if (!(Object ? Member->end_object() : Member->end_array()))
        return false;
      if (Depth == 1) {
        putMember(Member->take());
        Member.reset();
      }
      return true;
    }
    if (InCache && Depth == 1) {
      InCache = false;
      putMember(Json::object());
    }
    return true;
  }
  void putMember(Json V) {
    const std::vector<std::string> &Dropped = droppedKeys();
    if (std::find(Dropped.begin(), Dropped.end(), RootKey) == Dropped.end())
      Root[RootKey] = std::move(V);
  }
  void addEntry(const Json &V) {
    if (!Failure)
      if (Expected<void> Added = addKernelTunerEntry(EntryKey, V, Data); !Added)
        Failure = Added.takeError();
  }
  bool whole() {
    WholeNeeded = true;
    return false;
  }

  unsigned Depth = 0;
  std::string RootKey, EntryKey;
  std::optional<Builder> Member, Entry;
  bool InCache = false, Streamed = false, WholeNeeded = false;
  std::unordered_set<std::size_t> EntryHashes;
  Json Root = Json::object();
  RecordedData Data;
  std::optional<Error> Failure;
  std::string Message;
};

/// Whether Root is a Kernel Tuner cache's document (what decides the
/// format: readRecordedData).
bool isKernelTunerCache(const Json &Root) {
  return Root.is_object() && Root.contains("cache") && Root.contains("tune_params_keys");
}

} // namespace

Expected<RecordedData> readKernelTunerCache(const Json &Root) {
  RecordedData Data;
  if (Expected<void> Header = readKernelTunerHeader(Root, Data); !Header)
    return Header.takeError();
  auto Cache = Root.find("cache");
  if (Cache == Root.end() || !Cache->is_object())
    return Error("Kernel Tuner cache without a \"cache\" object");
  Data.Entries.reserve(Cache->size());
  for (const auto &[Key, Entry] : Cache->items())
    if (Expected<void> Added = addKernelTunerEntry(Key, Entry, Data); !Added)
      return Added.takeError();
  describeKernelTunerCache(Root, Data);
  return Data;
}

namespace {

/// Root, and its table where it is a Kernel Tuner cache.
Expected<ParsedJson> withCacheRead(Json Root) {
  ParsedJson Parsed{std::move(Root), std::nullopt};
  if (isKernelTunerCache(Parsed.Root)) {
    Expected<RecordedData> Cache = readKernelTunerCache(Parsed.Root);
    if (!Cache)
      return Cache.takeError();
    Parsed.Cache = Cache.take();
  }
  return Parsed;
}

} // namespace

Expected<ParsedJson> parseRecordedJsonWhole(std::string_view Text) {
  Expected<Json> Root = parseBoundedJson<Json>(Text, droppedKeys());
  if (!Root)
    return Root.takeError();
  return withCacheRead(Root.take());
}

Expected<ParsedJson> parseRecordedJson(std::string_view Text) {
  if (Expected<void> Bounds = checkJsonBounds(Text); !Bounds)
    return Bounds.takeError();
  CacheStream Stream;
  bool Parsed = false;
  // nlohmann reports malformed text to the handler, and may still throw
  // for input it cannot read at all (Support/BoundedJson.h).
  try {
    Parsed = Json::sax_parse(Text, &Stream);
  } catch (const Json::parse_error &E) {
    return Error(std::string("not valid JSON: ") + E.what());
  }
  if (Stream.wholeNeeded())
    return parseRecordedJsonWhole(Text);
  if (!Parsed)
    return Error("not valid JSON: " + Stream.error());
  if (!Stream.streamed())
    return withCacheRead(std::move(Stream.root()));
  Expected<RecordedData> Cache = Stream.takeCache();
  if (!Cache)
    return Cache.takeError();
  return ParsedJson{std::move(Stream.root()), Cache.take()};
}

} // namespace atfc::recorded
