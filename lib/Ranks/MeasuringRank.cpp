//===- Ranks/MeasuringRank.cpp - A rank that measures -------------------===//
#include "Ranks/MeasuringRank.h"

#include "DeviceBackends/DeviceProtocol.h"
#include "System/HostName.h"
#include "System/Interruption.h"
#include "Tuning/TuningRun.h"

#include <deque>
#include <poll.h>
#include <sys/socket.h>

namespace atfc {

void refuseToMeasure(const RankRole &Role, const std::string &Why) {
  HelloMessage Hello;
  Hello.Error = Why;
  writeFrame(Role.Fd, encodeMessage(Hello));
}

int serveMeasurements(const RankRole &Role, ConfigurationMeasurer &Measurer) {
  HelloMessage Hello;
  Hello.Device = Measurer.device();
  Hello.CostMeaning = Measurer.costMeaning();
  Hello.Host = hostName();
  Hello.Batch = Measurer.batchSize();
  Hello.Limits = Measurer.deviceLimits();
  if (!writeFrame(Role.Fd, encodeMessage(Hello)))
    return 1;

  // A signal stops the measurement in flight, and a wait for the next
  // request (the socket reads as closed).
  Interruption Interrupt([&Measurer, &Role] {
    Measurer.interrupt();
    ::shutdown(Role.Fd, SHUT_RD);
  });
  std::deque<MeasureRequest> Queue;
  // Reads every request waiting (blocking for one when the queue is empty);
  // false when the launcher closed the socket.
  auto Receive = [&] {
    for (;;) {
      pollfd P = {Role.Fd, POLLIN, 0};
      if (!Queue.empty() && ::poll(&P, 1, 0) <= 0)
        return true;
      std::vector<unsigned char> Payload;
      if (!readFrame(Role.Fd, Payload))
        return false;
      MeasureRequest Request;
      if (decodeMessage(Payload, Request))
        Queue.push_back(std::move(Request));
    }
  };
  while (!Interrupt.requested() && Receive()) {
    if (Queue.size() > 1) {
      std::vector<ParameterValues> Upcoming;
      for (const MeasureRequest &R : Queue)
        Upcoming.push_back(R.Configuration);
      Measurer.prepare(Upcoming);
    }
    MeasureRequest Request = std::move(Queue.front());
    Queue.pop_front();
    std::vector<Value> Values;
    for (const NamedValue &V : Request.Configuration)
      Values.push_back(V.Val);
    ResultMessage Result{Request.Job, Measurer.measure(Request.Configuration, Values)};
    if (Interrupt.requested())
      break;
    if (!writeFrame(Role.Fd, encodeMessage(Result)))
      return 1;
  }
  return Interrupt.requested() ? kInterruptedExitCode : 0;
}

} // namespace atfc
