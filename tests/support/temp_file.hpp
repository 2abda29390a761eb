// SPDX-License-Identifier: MIT
#pragma once
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace tk::test {

// A file in $TMPDIR holding `bytes`, removed when this goes out of scope.
class TempFile {
public:
    explicit TempFile(const std::string& bytes, const std::string& suffix = ".dat") {
        const char* dir = std::getenv("TMPDIR");
        std::string tmpl = std::string(dir ? dir : "/tmp") + "/tracekit-test-XXXXXX" + suffix;
        int fd = ::mkstemps(tmpl.data(), static_cast<int>(suffix.size()));
        if (fd < 0) std::abort();
        ::close(fd);
        path_ = tmpl;
        std::ofstream(path_, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    ~TempFile() { std::remove(path_.c_str()); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace tk::test
