// SPDX-License-Identifier: MIT
#pragma once
// Tokens of a trcfmt template file. The lexer owns the line structure: it
// drops `#` comment lines, joins `\`-continued lines, and emits `eol` at the
// end of each logical line, so the parser sees one stanza per logical line.
#include <string>
#include <string_view>
#include <vector>

#include "trcfmt/errors.hpp"

namespace tk::trcfmt {

enum class Tok : uint8_t {
    word,      // G8 A10 1.0 010 LOOP fdinstall APPL 00400 v-nodetofilename
    dollar,    // $name (text without '$')
    string,    // "..." (text with escapes resolved)
    esc_n,     // \n outside a string
    esc_t,     // \t outside a string
    star,      // \*  (the wildcard match value)
    lbrace, rbrace, comma, equals, plus, minus, times, slash, percent, amp, lparen, rparen,
    eol,       // end of a logical line (stanza)
    eof,
};

struct Token {
    Tok kind = Tok::eof;
    std::string text;
    SourcePos pos;
    bool space_before = false;  // whitespace or a line join before this token
};

const char* tok_name(Tok t);

// Lex a whole file. Lexical errors (unterminated string, stray character)
// are appended to `errors`; the offending logical line is still tokenized as
// far as possible so the parser can report further stanzas.
std::vector<Token> lex(std::string_view text, const std::string& file, std::vector<TemplateDiagnostic>& errors);

}  // namespace tk::trcfmt
