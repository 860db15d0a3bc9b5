#include "server/http_message.hpp"

#include <boost/beast/http/error.hpp>
#include <boost/beast/http/status.hpp>
#include <cstdio>

namespace hc::server {

namespace http = boost::beast::http;

void configure_parser(RequestParser& p, const TransportLimits& limits) {
  p.header_limit(static_cast<std::uint32_t>(limits.max_header_bytes));
  p.body_limit(limits.max_body);
  p.eager(true);
}

std::optional<HttpResponse> check_header(const RequestParser& p) {
  const auto& h = p.get();
  // Beast accepts a repeated Content-Length of the same value (RFC 9112 allows it); conflicting ones it
  // refuses itself. A repeated one is refused here as well: it is how request smuggling starts.
  if (h.count(http::field::content_length) > 1 ||
      h[http::field::content_length].find(',') != boost::beast::string_view::npos)
    return error_response(400, "malformed request: more than one Content-Length");
  if (h.count(http::field::transfer_encoding) > 0 &&
      (h.count(http::field::transfer_encoding) > 1 || !p.chunked() ||
       !boost::beast::iequals(h[http::field::transfer_encoding], "chunked")))
    return error_response(400, "malformed request: the only Transfer-Encoding taken is chunked");
  return std::nullopt;
}

bool expects_continue(const RequestParser& p) {
  return boost::beast::iequals(p.get()[http::field::expect], "100-continue") && !p.is_done();
}

HttpResponse parse_error_response(const boost::beast::error_code& ec, const TransportLimits& limits) {
  if (ec == http::error::body_limit)
    return error_response(413,
                          "request body too large (limit " + std::to_string(limits.max_body) + " bytes)");
  if (ec == http::error::header_limit)
    return error_response(
        431, "request header too large (limit " + std::to_string(limits.max_header_bytes) + " bytes)");
  if (ec == http::error::multiple_content_length)
    return error_response(400, "malformed request: conflicting Content-Length values");
  return error_response(400, "malformed request: " + ec.message());
}

HttpRequest take_request(RequestParser& p, const std::string& peer) {
  auto msg = p.release();
  HttpRequest r;
  r.method = std::string(msg.method_string());
  r.target = std::string(msg.target());
  for (const auto& f : msg) r.headers.emplace_back(std::string(f.name_string()), std::string(f.value()));
  r.body = std::move(msg.body());
  r.peer = peer;
  return r;
}

namespace {
std::string head(const HttpResponse& r, unsigned version) {
  (void)version;
  std::string out = "HTTP/1.1 " + std::to_string(r.status) + " ";
  const auto reason = http::obsolete_reason(http::int_to_status(static_cast<unsigned>(r.status)));
  out.append(reason.data(), reason.size());
  out += "\r\nContent-Type: " + r.content_type + "\r\n";
  for (const auto& [k, v] : r.headers) out += k + ": " + v + "\r\n";
  return out;
}
}  // namespace

std::string serialize(const HttpResponse& r, bool keep_alive, unsigned version) {
  std::string out = head(r, version);
  out += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
  if (!keep_alive)
    out += "Connection: close\r\n";
  else if (version < 11)
    out += "Connection: keep-alive\r\n";
  out += "\r\n";
  out += r.body;
  return out;
}

std::string serialize_stream_head(const HttpResponse& r, unsigned version) {
  std::string out = head(r, version);
  out += version >= 11 ? "Transfer-Encoding: chunked\r\n" : "Connection: close\r\n";
  out += "\r\n";
  return out;
}

std::string stream_piece(const std::string& text, bool chunked) {
  if (!chunked) return text;
  char size[24];
  std::snprintf(size, sizeof size, "%zx\r\n", text.size());
  return size + text + "\r\n";
}

}  // namespace hc::server
