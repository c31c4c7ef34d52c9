//===- TcpNoDelayTest.cpp - Small messages sent at once -------------------===//
//
// Every TCP socket of the process gets TCP_NODELAY, connected or listening;
// Unix sockets and other descriptors are left alone.
//
//===----------------------------------------------------------------------===//
#include "System/TcpNoDelay.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace atfc;

namespace {

int noDelay(int Fd) {
  int Value = -1;
  socklen_t Size = sizeof Value;
  EXPECT_EQ(::getsockopt(Fd, IPPROTO_TCP, TCP_NODELAY, &Value, &Size), 0);
  return Value;
}

TEST(TcpNoDelayTest, SetsItOnEveryTcpSocketOnly) {
  // A loopback connection: the listener, the client and the accepted end.
  const int Listener = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(Listener, 0);
  sockaddr_in Address{};
  Address.sin_family = AF_INET;
  Address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(Listener, reinterpret_cast<sockaddr *>(&Address), sizeof Address), 0);
  ASSERT_EQ(::listen(Listener, 1), 0);
  socklen_t Length = sizeof Address;
  ASSERT_EQ(::getsockname(Listener, reinterpret_cast<sockaddr *>(&Address), &Length), 0);
  const int Client = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_EQ(::connect(Client, reinterpret_cast<sockaddr *>(&Address), sizeof Address), 0);
  const int Accepted = ::accept(Listener, nullptr, nullptr);
  ASSERT_GE(Accepted, 0);
  const int Datagram = ::socket(AF_INET, SOCK_DGRAM, 0);
  int Local[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, Local), 0);
  ASSERT_EQ(noDelay(Client), 0);
  ASSERT_EQ(noDelay(Accepted), 0);

  EXPECT_GE(sendSmallTcpSegmentsAtOnce(), 3u);
  EXPECT_EQ(noDelay(Client), 1);
  EXPECT_EQ(noDelay(Accepted), 1);
  EXPECT_EQ(noDelay(Listener), 1);
  // Not TCP: TCP_NODELAY does not apply, and nothing failed on them.
  int Value = 0;
  socklen_t Size = sizeof Value;
  EXPECT_NE(::getsockopt(Local[0], IPPROTO_TCP, TCP_NODELAY, &Value, &Size), 0);
  for (int Fd : {Listener, Client, Accepted, Datagram, Local[0], Local[1]})
    ::close(Fd);
}

TEST(TcpNoDelayTest, NoTcpSocketsSetsNone) { EXPECT_EQ(sendSmallTcpSegmentsAtOnce(), 0u); }

} // namespace
