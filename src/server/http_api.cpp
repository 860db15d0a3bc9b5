#include "server/http_api.hpp"

#include <signal.h>

#include <atomic>
#include <filesystem>
#include <iostream>
#include <thread>

#include "server/http_server.hpp"
#include "server/router.hpp"
#include "server/sqlite_store.hpp"

namespace hc::server {

struct HttpApi::Impl {
  Router router;
  HttpServer server;
  Impl(GameService& s, const ApiLimits& l) : router(s, l), server(router, l, l.max_streams) {}
};

HttpApi::HttpApi(GameService& service, ApiLimits limits) : impl_(std::make_unique<Impl>(service, limits)) {}
HttpApi::~HttpApi() = default;

bool HttpApi::mount_ui(const std::string& dir) { return impl_->router.mount_ui(dir); }
int HttpApi::bind(const std::string& address, int port) { return impl_->server.bind(address, port); }
bool HttpApi::run() { return impl_->server.run(); }
void HttpApi::stop() { impl_->server.stop(); }

std::string ServeOptions::default_web_dir() {
#ifdef HC_DEFAULT_WEB_DIR
  return HC_DEFAULT_WEB_DIR;
#else
  return "web/dist";
#endif
}

int run_server(const ServeOptions& opt) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(opt.data_dir, ec);
  if (ec) {
    std::cerr << "error: cannot create data directory '" << opt.data_dir << "': " << ec.message() << "\n";
    return 2;
  }
  // SIGINT/SIGTERM are taken by a thread of ours (sigwait), so every other thread starts with them blocked.
  sigset_t sigs;
  sigemptyset(&sigs);
  sigaddset(&sigs, SIGINT);
  sigaddset(&sigs, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &sigs, nullptr);
  std::unique_ptr<SqliteStore> store;
  try {
    store = std::make_unique<SqliteStore>((fs::path(opt.data_dir) / "heterochess.sqlite3").string());
  } catch (const StoreError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  GameService service(*store, opt.engine);
  HttpApi api(service, opt.limits);
  if (!api.mount_ui(opt.web_dir))
    std::cerr << "warning: no built UI in '" << opt.web_dir
              << "' (scripts/build_web.sh builds it); serving the API only\n";
  int port = api.bind(opt.address, opt.port);
  if (port < 0) return 2;  // bind() said why
  std::atomic<bool> done{false};
  std::thread signals([&] {
    timespec tick{0, 200 * 1000 * 1000};
    while (!done) {
      if (sigtimedwait(&sigs, nullptr, &tick) > 0) {
        service.stop();  // wakes the event streams, so that the server's workers can finish
        api.stop();
        return;
      }
    }
  });
  std::cout << "listening on http://" << opt.address << ":" << port << " (data: " << opt.data_dir << ")"
            << std::endl;
  bool ok = api.run();
  done = true;
  signals.join();
  service.stop();
  return ok ? 0 : 1;
}

}  // namespace hc::server
