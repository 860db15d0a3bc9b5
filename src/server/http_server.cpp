#include "server/http_server.hpp"

#include <sys/resource.h>

#include <array>
#include <atomic>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/handler_pool.hpp"

namespace hc::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using error_code = boost::system::error_code;

namespace {

// A comment line on an event stream after this long without an event (proxies and browsers keep it open).
constexpr auto kStreamKeepAlive = std::chrono::seconds(15);
// After "Connection: close", the client's last bytes are read (and dropped) this long before the socket is
// closed, so that the answer is not destroyed by a reset.
constexpr auto kLingerTime = std::chrono::seconds(2);

std::string refusal(const std::string& why) {
  HttpResponse r = error_response(503, why);
  r.headers.emplace_back("Retry-After", "5");
  return serialize(r, false, 11);
}

}  // namespace

struct HttpServer::Impl {
  Router& router;
  const TransportLimits lim;
  const int max_streams;
  std::unique_ptr<net::io_context> ioc = std::make_unique<net::io_context>();
  std::optional<tcp::acceptor> acceptor;
  std::optional<net::steady_timer> accept_retry;
  std::unique_ptr<HandlerPool> handlers, streamers;
  std::atomic<bool> stopped{false};

  std::mutex conn_m;
  std::unordered_map<std::string, int> per_address;
  int open = 0;
  int max_open;
  Counters counters;

  Impl(Router& r, const TransportLimits& l, int streams)
      : router(r), lim(l), max_streams(streams), max_open(l.max_connections) {}
  ~Impl() {
    // Pending handlers hold sessions, whose destructors use this object: they go first.
    if (handlers) handlers->stop();
    if (streamers) streamers->stop();
    acceptor.reset();
    accept_retry.reset();
    ioc.reset();
  }

  // Counts a new connection from `peer`; false (and why) if a cap refuses it.
  bool admit(const std::string& peer, std::string* why) {
    std::lock_guard<std::mutex> lock(conn_m);
    if (open >= max_open) {
      ++counters.refused_total;
      *why = "the server has too many open connections (" + std::to_string(max_open) + "); try again later";
      return false;
    }
    int& mine = per_address[peer];
    if (lim.max_conns_per_address > 0 && !router.limits().trust_forwarded_for &&
        mine >= lim.max_conns_per_address) {
      ++counters.refused_per_address;
      *why = "too many open connections from this address (at most " +
             std::to_string(lim.max_conns_per_address) + ")";
      if (mine == 0) per_address.erase(peer);
      return false;
    }
    ++mine;
    ++open;
    ++counters.accepted;
    return true;
  }
  void release(const std::string& peer) {
    std::lock_guard<std::mutex> lock(conn_m);
    --open;
    auto it = per_address.find(peer);
    if (it != per_address.end() && --it->second <= 0) per_address.erase(it);
  }

  void do_accept();
  void on_accept(const error_code& ec, tcp::socket socket);
};

// One connection. Every member function runs on the connection's strand.
class HttpServer::Session : public std::enable_shared_from_this<HttpServer::Session> {
 public:
  Session(HttpServer::Impl& srv, tcp::socket&& socket, std::string peer)
      : srv_(srv),
        sock_(std::move(socket)),
        exec_(sock_.get_executor()),
        deadline_(exec_),
        keepalive_(exec_),
        buf_(srv.lim.max_header_bytes + 16 * 1024),
        peer_(std::move(peer)) {}
  ~Session() { srv_.release(peer_); }

  void start() { start_request(true); }
  const net::any_io_executor& executor() const { return exec_; }

 private:
  enum class Phase { kIdle, kHeader, kBody, kHandling, kWriting, kStreaming, kClosing };

  // Closes the connection if `d` passes before the next arm()/disarm().
  void arm(std::chrono::steady_clock::duration d) {
    const std::uint64_t gen = ++deadline_gen_;
    deadline_.expires_after(d);
    deadline_.async_wait([self = shared_from_this(), gen](const error_code& ec) {
      if (!ec && gen == self->deadline_gen_) self->close();
    });
  }
  void disarm() {
    ++deadline_gen_;
    deadline_.cancel();
  }

  void start_request(bool first) {
    parser_.emplace();
    configure_parser(*parser_, srv_.lim);
    phase_ = Phase::kIdle;
    arm(std::chrono::seconds(first ? srv_.lim.header_timeout_s : srv_.lim.idle_timeout_s));
    if (buf_.size() > 0) {
      begin_header();
      feed();
    } else {
      read();
    }
  }

  // The first byte of a request is there: its whole header must follow within the header deadline.
  void begin_header() {
    if (phase_ != Phase::kIdle) return;
    phase_ = Phase::kHeader;
    arm(std::chrono::seconds(srv_.lim.header_timeout_s));
  }

  void read() {
    if (buf_.size() >= buf_.max_size())
      return refuse(parse_error_response(http::error::header_limit, srv_.lim));
    sock_.async_read_some(buf_.prepare(std::min<std::size_t>(buf_.max_size() - buf_.size(), 16 * 1024)),
                          [self = shared_from_this()](const error_code& ec, std::size_t n) {
                            if (ec) return self->close();
                            self->buf_.commit(n);
                            self->begin_header();
                            self->feed();
                          });
  }

  void feed() {
    for (;;) {
      if (buf_.size() == 0) return read();
      beast::error_code ec;
      const std::size_t used = parser_->put(buf_.data(), ec);
      buf_.consume(used);
      if (ec == http::error::need_more) return read();
      if (ec) return refuse(parse_error_response(ec, srv_.lim));
      if (phase_ == Phase::kHeader && parser_->is_header_done()) {
        if (auto bad = check_header(*parser_)) return refuse(std::move(*bad));
        phase_ = Phase::kBody;
        arm(std::chrono::seconds(srv_.lim.body_timeout_s));
        if (expects_continue(*parser_)) {
          out_ = "HTTP/1.1 100 Continue\r\n\r\n";
          return net::async_write(sock_, net::buffer(out_),
                                  [self = shared_from_this()](const error_code& e, std::size_t) {
                                    if (e) return self->close();
                                    self->feed();
                                  });
        }
      }
      if (parser_->is_done()) return dispatch();
      if (used == 0) return read();
    }
  }

  void dispatch() {
    disarm();
    phase_ = Phase::kHandling;
    keep_alive_ = parser_->get().keep_alive();
    version_ = parser_->get().version();
    HttpRequest req = take_request(*parser_, peer_);
    parser_.reset();
    if (Router::is_cheap(req)) return respond(srv_.router.handle(req));
    std::weak_ptr<Session> weak = shared_from_this();
    HandlerPool::Job job = [self = shared_from_this(), weak,
                            req = std::move(req)]() -> std::function<void()> {
      HttpResponse r = self->srv_.router.handle(req);
      if (r.stream) {
        try {
          const net::any_io_executor exec = self->exec_;
          r.stream->start([weak, exec] {
            if (auto s = weak.lock()) net::post(exec, [s] { s->stream_wake(); });
          });
        } catch (...) {
          r = error_response(503, "cannot watch this game now; try again");
        }
      }
      return [self, r = std::make_shared<HttpResponse>(std::move(r))] {
        net::post(self->exec_, [self, r] { self->respond(std::move(*r)); });
      };
    };
    if (!srv_.handlers->try_submit(job)) {
      {
        std::lock_guard<std::mutex> lock(srv_.conn_m);
        ++srv_.counters.busy;
      }
      HttpResponse busy =
          error_response(503, "the server is busy: every request thread is taken; try again in 1 s");
      busy.headers.emplace_back("Retry-After", "1");
      respond(std::move(busy));
    }
  }

  void respond(HttpResponse r) {
    if (phase_ == Phase::kClosing) return;
    if (r.stream) return start_stream(std::move(r));
    const bool keep = keep_alive_;
    out_ = serialize(r, keep, version_);
    write_out([self = shared_from_this(), keep] {
      if (keep)
        self->start_request(false);
      else
        self->linger_close();
    });
  }

  // Answers an unreadable or refused request, then closes the connection.
  void refuse(HttpResponse r) {
    keep_alive_ = false;
    version_ = 11;
    respond(std::move(r));
  }

  template <class Then>
  void write_out(Then then) {
    phase_ = Phase::kWriting;
    arm(std::chrono::seconds(srv_.lim.body_timeout_s));
    net::async_write(sock_, net::buffer(out_),
                     [self = shared_from_this(), then = std::move(then)](const error_code& ec, std::size_t) {
                       if (ec) return self->close();
                       self->disarm();
                       then();
                     });
  }

  // --- event streams: the head, then stream_->next() (on a streamer thread) after each change or 15 s.
  void start_stream(HttpResponse r) {
    stream_ = std::move(r.stream);
    chunked_ = version_ >= 11;
    out_ = serialize_stream_head(r, version_);
    write_out([self = shared_from_this()] {
      self->phase_ = Phase::kStreaming;
      self->read_until_closed();
      self->stream_dirty_ = true;
      self->pump();
    });
  }

  // Reads and drops whatever the client still sends until it closes the connection (or a deadline closes it).
  // While streaming the client sends nothing, so the read ends when it closes, which frees the stream's slot
  // at once; after "Connection: close" it takes the client's last bytes so that the answer is not reset.
  void read_until_closed() {
    sock_.async_read_some(net::buffer(drain_),
                          [self = shared_from_this()](const error_code& ec, std::size_t) {
                            if (ec) return self->close();
                            self->read_until_closed();
                          });
  }

  void arm_keepalive() {
    const std::uint64_t gen = ++keepalive_gen_;
    keepalive_.expires_after(kStreamKeepAlive);
    keepalive_.async_wait([self = shared_from_this(), gen](const error_code& ec) {
      if (ec || gen != self->keepalive_gen_) return;
      self->keepalive_due_ = true;
      self->pump();
    });
  }

  void stream_wake() {
    stream_dirty_ = true;
    pump();
  }

  void pump() {
    if (phase_ != Phase::kStreaming || stream_busy_ || (!stream_dirty_ && !keepalive_due_)) return;
    const bool keepalive = keepalive_due_;
    stream_dirty_ = keepalive_due_ = false;
    stream_busy_ = true;
    HandlerPool::Job job = [self = shared_from_this(), keepalive]() -> std::function<void()> {
      std::string text;
      bool failed = false;
      try {
        text = self->stream_->next(keepalive);
      } catch (...) {
        failed = true;
      }
      net::post(self->exec_, [self, text = std::move(text), failed] { self->stream_write(text, failed); });
      return nullptr;
    };
    if (!srv_.streamers->try_submit(job)) close();
  }

  void stream_write(const std::string& text, bool failed) {
    if (failed || phase_ != Phase::kStreaming) return close();
    if (text.empty()) {
      stream_busy_ = false;
      return pump();
    }
    out_ = stream_piece(text, chunked_);
    write_out([self = shared_from_this()] {
      self->phase_ = Phase::kStreaming;
      self->stream_busy_ = false;
      self->arm_keepalive();
      self->pump();
    });
  }

  // Sends FIN, reads whatever the client still sends for a moment, then closes.
  void linger_close() {
    phase_ = Phase::kClosing;
    error_code ec;
    sock_.shutdown(tcp::socket::shutdown_send, ec);
    arm(kLingerTime);
    read_until_closed();
  }

  void close() {
    phase_ = Phase::kClosing;
    ++deadline_gen_;
    ++keepalive_gen_;
    error_code ec;
    deadline_.cancel();
    keepalive_.cancel();
    sock_.close(ec);
  }

  HttpServer::Impl& srv_;
  tcp::socket sock_;
  const net::any_io_executor exec_;
  net::steady_timer deadline_, keepalive_;
  std::uint64_t deadline_gen_ = 0, keepalive_gen_ = 0;
  beast::flat_buffer buf_;
  std::optional<RequestParser> parser_;
  const std::string peer_;
  Phase phase_ = Phase::kIdle;
  bool keep_alive_ = true;
  unsigned version_ = 11;
  std::string out_;
  std::array<char, 1024> drain_;
  std::shared_ptr<EventStream> stream_;
  bool chunked_ = true, stream_busy_ = false, stream_dirty_ = false, keepalive_due_ = false;
};

void HttpServer::Impl::do_accept() {
  acceptor->async_accept(net::make_strand(*ioc), [this](const error_code& ec, tcp::socket socket) {
    on_accept(ec, std::move(socket));
  });
}

void HttpServer::Impl::on_accept(const error_code& ec, tcp::socket socket) {
  if (stopped || !acceptor || !acceptor->is_open()) return;
  if (ec) {
    if (ec == net::error::operation_aborted) return;
    // Out of descriptors or memory: wait a little instead of spinning (the connection stays in the backlog).
    accept_retry->expires_after(std::chrono::milliseconds(50));
    accept_retry->async_wait([this](const error_code& e) {
      if (!e && !stopped) do_accept();
    });
    return;
  }
  error_code e;
  const tcp::endpoint remote = socket.remote_endpoint(e);
  if (!e) {
    const std::string peer = remote.address().to_string();
    std::string why;
    if (admit(peer, &why)) {
      socket.set_option(tcp::no_delay(true), e);  // answers leave at once (no delayed-ACK wait)
      auto s = std::make_shared<Session>(*this, std::move(socket), peer);
      net::dispatch(s->executor(), [s] { s->start(); });
    } else {
      // A short 503 if the socket takes it at once, then the connection is closed.
      socket.non_blocking(true, e);
      const std::string text = refusal(why);
      socket.write_some(net::buffer(text), e);
      socket.shutdown(tcp::socket::shutdown_both, e);
      socket.close(e);
    }
  }
  do_accept();
}

HttpServer::HttpServer(Router& router, const TransportLimits& limits, int max_streams)
    : impl_(std::make_shared<Impl>(router, limits, max_streams)) {}

HttpServer::~HttpServer() { stop(); }

std::uint64_t raise_open_file_limit() {
  rlimit rl{};
  if (::getrlimit(RLIMIT_NOFILE, &rl) != 0) return 1024;
  if (rl.rlim_cur < rl.rlim_max) {
    rlimit raised = rl;
    raised.rlim_cur = rl.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) rl = raised;
  }
  return rl.rlim_cur == RLIM_INFINITY ? std::uint64_t{1} << 20 : static_cast<std::uint64_t>(rl.rlim_cur);
}

int HttpServer::bind(const std::string& address, int port) {
  Impl& d = *impl_;
  // Every connection is a descriptor: the cap on open connections stays below the process's limit, with room
  // for the database, the engine and the listening socket.
  const std::uint64_t files = raise_open_file_limit();
  d.max_open = static_cast<int>(std::min<std::uint64_t>(
      static_cast<std::uint64_t>(std::max(1, d.lim.max_connections)), files > 128 ? files - 64 : files / 2));
  error_code ec;
  const auto addr = net::ip::make_address(address, ec);
  if (ec) {
    std::cerr << "error: '" << address << "' is not an IP address: " << ec.message() << "\n";
    return -1;
  }
  tcp::acceptor a(*d.ioc);
  const tcp::endpoint ep(addr, static_cast<unsigned short>(port));
  a.open(ep.protocol(), ec);
  if (!ec) a.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(ep, ec);
  if (!ec) a.listen(std::max(1, d.lim.backlog), ec);
  if (ec) {
    std::cerr << "error: cannot listen on " << address << ":" << port << ": " << ec.message() << "\n";
    return -1;
  }
  const int bound = a.local_endpoint(ec).port();
  if (ec) return -1;
  d.acceptor.emplace(std::move(a));
  d.accept_retry.emplace(*d.ioc);
  return bound;
}

bool HttpServer::run() {
  Impl& d = *impl_;
  if (!d.acceptor) return false;
  if (d.stopped) return true;
  d.handlers =
      std::make_unique<HandlerPool>(std::max(1, d.lim.handler_threads), std::max(0, d.lim.handler_queue));
  // One streamer task per stream at most: the queue never refuses one.
  d.streamers = std::make_unique<HandlerPool>(2, static_cast<std::size_t>(std::max(1, d.max_streams)) + 64);
  auto guard = net::make_work_guard(*d.ioc);
  net::post(*d.ioc, [&d] { d.do_accept(); });
  std::vector<std::thread> threads;
  for (int i = 1; i < std::max(1, d.lim.io_threads); ++i) threads.emplace_back([&d] { d.ioc->run(); });
  d.ioc->run();
  for (std::thread& t : threads) t.join();
  d.handlers->stop();
  d.streamers->stop();
  return true;
}

void HttpServer::stop() {
  Impl& d = *impl_;
  d.stopped = true;
  d.ioc->stop();
}

HttpServer::Counters HttpServer::counters() const {
  std::lock_guard<std::mutex> lock(impl_->conn_m);
  return impl_->counters;
}

}  // namespace hc::server
