// HTTP/1.1 messages on the wire, shared by the transport (http_server.*) and the fuzz target: how a request
// is parsed (Boost.Beast's parser with the server's limits), what is refused once its header is read, how a
// finished request becomes the router's HttpRequest, and how a response is written.
#pragma once
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstddef>
#include <optional>
#include <string>

#include "server/limits.hpp"
#include "server/router.hpp"

namespace hc::server {

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
