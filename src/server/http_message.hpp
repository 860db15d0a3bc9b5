// HTTP/1.1 messages on the wire, shared by the transport (http_server.*) and the fuzz target: how a request
// is parsed (Boost.Beast's parser with the server's limits), what is refused once its header is read, how a
// finished request becomes the router's HttpRequest, and how a response is written.
#pragma once
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstddef>
#include <optional>
#include <string>

#include "server/router.hpp"

namespace hc::server {

// What the transport enforces (docs/server.md lists each with its flag).
struct TransportLimits {
  int backlog = 1024;                        // the listen queue (capped by the kernel's somaxconn)
  int header_timeout_s = 10;                 // the whole header of a request, from its first byte
  int body_timeout_s = 30;                   // the body after the header; also writing an answer
  int idle_timeout_s = 30;                   // a kept-alive connection waiting for its next request
  std::size_t max_header_bytes = 16 * 1024;  // request line and header fields; 431 beyond
  std::size_t max_body = 64 * 1024;          // 413 beyond
  int max_conns_per_address = 128;           // open connections from one address; 0 = no cap
  int max_connections = 10000;               // all open connections (also capped by RLIMIT_NOFILE)
  int handler_threads = 32;                  // threads running the requests that may block
  int handler_queue = 64;                    // requests waiting for one; 503 beyond
  int io_threads = 2;                        // network threads (parsing, writing, the cheap routes)
};

using RequestParser = boost::beast::http::request_parser<boost::beast::http::string_body>;

// A fresh parser's limits.
void configure_parser(RequestParser& p, const TransportLimits& limits);
// Once the header is parsed: the answer refusing it (duplicate Content-Length, a Transfer-Encoding other than
// chunked), or nothing.
std::optional<HttpResponse> check_header(const RequestParser& p);
// Whether the client waits for "100 Continue" before sending the body.
bool expects_continue(const RequestParser& p);
// The answer to a parse error (400 malformed, 413 body too large, 431 header too large).
HttpResponse parse_error_response(const boost::beast::error_code& ec, const TransportLimits& limits);
// The finished message (the parser is done) as the router's request.
HttpRequest take_request(RequestParser& p, const std::string& peer);
// A whole answer (not a stream): status line, headers, Content-Length, body. `keep_alive` false adds
// "Connection: close"; an HTTP/1.0 client kept alive gets "Connection: keep-alive".
std::string serialize(const HttpResponse& r, bool keep_alive, unsigned version);
// The head of an event stream: chunked for HTTP/1.1, delimited by the end of the connection for HTTP/1.0.
std::string serialize_stream_head(const HttpResponse& r, unsigned version);
// One piece of an event stream, framed as a chunk when `chunked`.
std::string stream_piece(const std::string& text, bool chunked);

}  // namespace hc::server
