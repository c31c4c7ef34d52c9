//===- Results/KttOutput.h - KTT 2.x output, JSON and XML -------*- C++ -*-===//
//
// Reads what KTT 2.x saves with Tuner::SaveResults: its JSON
// (OutputFormat::JSON) and its XML (OutputFormat::XML; read with pugixml),
// into one RecordedData table (the format in Results/RecordedData.h).
// The XML holds what the JSON holds, as attributes:
//
//   <TuningData>
//     <Metadata ComputeApi=".." Device=".." TimeUnit="Microseconds" .../>
//     <Results>
//       <KernelResult KernelName=".." Status="Ok" TotalDuration=".."
//                     TotalOverhead=".." ExtraDuration=".." ...>
//         <Configuration>
//           <Pair Name="A" Value="16" ValueType="UnsignedInt"/>  (KTT 2.1;
//           <Pair Name="A" Value="16" IsDouble="false"/>          2.0)
//         </Configuration>
//         <ComputationResults>
//           <ComputationResult KernelFunction=".." Duration=".." .../>
//         </ComputationResults>
//       </KernelResult> ...
//     </Results>
//     <UserData> (ignored)
//   </TuningData>
//
// It is turned into the JSON document KTT would have written, which the
// one reader of that document reads: both formats give the same table
// (test/atfc/replay/ktt-xml.test). KTT writes the XML's reals with 6 significant
// digits (its xmlFloatingPointPrecision), the JSON's with all of them: the
// XML of a run holds times rounded to 6 digits. pugixml expands no entity
// that a DOCTYPE declares (it reads no DTD): "&name;" stays that text.
// Internal to lib/Results: readRecordedData() is the one entry point.
//
// Tested by test/atfc/replay/ktt-xml.test
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_KTTOUTPUT_H
#define ATFC_RESULTS_KTTOUTPUT_H

#include "Results/RecordedData.h"
#include "Results/RecordedJson.h"

#include <string>

namespace atfc::recorded {

/// KTT 2.x JSON output, its document Root ("Metadata", "Results"), as a
/// table; the error names the result ("result 3: ...").
Expected<RecordedData> readKttOutput(const Json &Root);

/// KTT 2.x XML output, its text Text, as the JSON document KTT would have
/// written for the same results; the error says where the XML is
/// malformed ("not valid XML: ... at line 3, column 7") or which result
/// holds what no KTT writes.
Expected<Json> kttXmlAsJson(const std::string &Text);

} // namespace atfc::recorded

#endif
