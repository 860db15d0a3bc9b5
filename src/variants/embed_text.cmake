# cmake -DIN=FILE -DOUT=FILE.cpp -DNAME=SYMBOL -P embed_text.cmake: writes a C++ file defining
# `const char* const hc::SYMBOL` as the text of FILE (a raw string literal), so the binary carries the file.
file(READ "${IN}" text)
set(delim "hc_embedded")
string(FIND "${text}" ")${delim}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )${delim}\"")
endif()
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by embed_text.cmake; do not edit.\nnamespace hc {\nextern const char* const ${NAME};\nconst char* const ${NAME} = R\"${delim}(${text})${delim}\";\n}  // namespace hc\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
