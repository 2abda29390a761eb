// SPDX-License-Identifier: MIT
#include "trcfmt/parser.hpp"

#include <algorithm>
#include <cctype>
#include <unordered_map>

#include "trcfmt/codes.hpp"
#include "trcfmt/lexer.hpp"

namespace tk::trcfmt {

namespace {

class Parser {
public:
    Parser(std::vector<Token> toks, const std::string& file, std::vector<TemplateDiagnostic>& errors)
        : t_(std::move(toks)), file_(file), errors_(errors) {}

    std::vector<Template> run() {
        std::vector<Template> out;
        while (peek().kind != Tok::eof) {
            if (peek().kind == Tok::eol) {
                ++i_;
                continue;
            }
            try {
                out.push_back(stanza());
            } catch (const TemplateError& e) {
                errors_.push_back(e.diagnostic());
                while (peek().kind != Tok::eol && peek().kind != Tok::eof) ++i_;
            }
        }
        return out;
    }

private:
    // ---- token helpers ------------------------------------------------------
    const Token& peek(size_t k = 0) const {
        size_t j = i_ + k;
        return j < t_.size() ? t_[j] : t_.back();
    }
    const Token& next() {
        const Token& t = peek();
        if (i_ < t_.size() - 1) ++i_;
        return t;
    }
    bool at(Tok k) const { return peek().kind == k; }
    [[noreturn]] void fail(SourcePos pos, std::string message) const {
        throw TemplateError({file_, pos, std::move(message)});
    }
    static std::string describe(const Token& t) {
        if (t.kind == Tok::word) return "'" + t.text + "'";
        if (t.kind == Tok::dollar) return "'$" + t.text + "'";
        if (t.kind == Tok::string) return "string \"" + t.text + "\"";
        return tok_name(t.kind);
    }
    const Token& expect(Tok k, const char* context) {
        if (!at(k)) fail(peek().pos, std::string("expected ") + tok_name(k) + " " + context + ", found " + describe(peek()));
        return next();
    }

    // ---- stanza -------------------------------------------------------------
    Template stanza() {
        Template tpl;
        tpl.file = file_;
        const Token& id = peek();
        tpl.pos = id.pos;
        if (id.kind != Tok::word || !is_hook_id(id.text))
            fail(id.pos, "expected a hook ID (3 or 4 hex digits) to start a template, found " + describe(id));
        tpl.id_text = id.text;
        tpl.hook_key = hook_key_of(id.text);
        if (id.text.size() == 4 && tpl.hook_key < 0x1000 && (tpl.hook_key & 0xF) != 0)
            fail(id.pos, "4-digit hook ID " + id.text + " below 1000 must end in 0 (it is the 3-digit ID " +
                             id.text.substr(0, 3) + " followed by subhook digit 0)");
        next();
        const Token& ver = peek();
        if (ver.kind != Tok::word || !parse_version(ver.text, tpl.version_parts))
            fail(ver.pos, "expected a version such as 1.0 after the hook ID, found " + describe(ver));
        tpl.version = ver.text;
        next();
        if (at(Tok::word) && peek().text == "L" && peek(1).kind == Tok::equals) {
            next();
            next();
            const Token& lv = peek();
            if (lv.kind != Tok::word) fail(lv.pos, "expected APPL, SVC, KERN or INT after L=");
            if (lv.text == "APPL") tpl.level = Level::APPL;
            else if (lv.text == "SVC") tpl.level = Level::SVC;
            else if (lv.text == "KERN") tpl.level = Level::KERN;
            else if (lv.text == "INT") tpl.level = Level::INT;
            else fail(lv.pos, "unknown level L=" + lv.text + " (expected APPL, SVC, KERN or INT)");
            next();
        }
        const Token& label = peek();
        if (label.kind != Tok::string) fail(label.pos, "expected the template label in double quotes, found " + describe(label));
        tpl.label = label.text;
        next();
        slots_.clear();
        macros_ = &tpl.macros;
        tpl.body = descriptor(0, Tok::eol);
        if (at(Tok::rbrace)) fail(peek().pos, "'}' without a matching '{'");
        if (!at(Tok::eol) && !at(Tok::eof)) fail(peek().pos, "unexpected " + describe(peek()));
        return tpl;
    }

    static bool parse_version(const std::string& s, std::vector<uint32_t>& parts) {
        parts.clear();
        size_t i = 0;
        while (true) {
            size_t j = i;
            uint32_t v = 0;
            while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
                if (v > 100000) return false;
                v = v * 10 + static_cast<uint32_t>(s[j] - '0');
                ++j;
            }
            if (j == i) return false;
            parts.push_back(v);
            if (j == s.size()) return true;
            if (s[j] != '.') return false;
            i = j + 1;
        }
    }

    // ---- descriptors --------------------------------------------------------
    // Items up to '}' (inside braces) or the end of the stanza.
    Descriptor descriptor(int depth, Tok end) {
        if (depth > kMaxNesting) fail(peek().pos, "descriptors nested deeper than " + std::to_string(kMaxNesting) + " levels");
        Descriptor d;
        while (!at(Tok::eol) && !at(Tok::eof) && !at(Tok::rbrace)) d.push_back(item(depth));
        (void)end;
        return d;
    }

    Descriptor braced(int depth, const char* context) {
        expect(Tok::lbrace, context);
        Descriptor d = descriptor(depth + 1, Tok::rbrace);
        if (!at(Tok::rbrace)) fail(peek().pos, std::string("missing '}' ") + context + " before " + describe(peek()));
        next();
        return d;
    }

    Item item(int depth) {
        const Token& t = peek();
        Item it;
        it.pos = t.pos;
        switch (t.kind) {
            case Tok::string: {
                it.node = TextItem{t.text, t.space_before};
                next();
                return it;
            }
            case Tok::esc_n:
            case Tok::esc_t:
                it.node = TextItem{t.kind == Tok::esc_n ? "\n" : "\t", false};
                next();
                return it;
            case Tok::lbrace:
                if (peek(1).kind == Tok::lbrace && !peek(1).space_before) {
                    it.node = assignment();
                    return it;
                }
                it.node = GroupItem{braced(depth, "to close the group")};
                return it;
            case Tok::dollar: {
                if (is_hook_id(t.text)) {
                    CallItem c{hook_key_of(t.text), t.text};
                    next();
                    if (at(Tok::comma) || at(Tok::percent))
                        fail(peek().pos, "$" + t.text + " is a template subroutine; it has no value to switch on or format");
                    it.node = c;
                    return it;
                }
                Selector sel = selector_from_register();
                if (register_is_control(sel.reg.id)) {
                    if (sel.has_format || at(Tok::comma))
                        fail(sel.pos, "$" + sel.reg.name + " is a control macro; it has no value");
                    it.node = RegItem{sel};
                    return it;
                }
                if (at(Tok::comma)) {
                    it.node = switch_stmt(sel, depth);
                    return it;
                }
                it.node = RegItem{sel};
                return it;
            }
            case Tok::word: return word_item(depth);
            default:
                fail(t.pos, "unexpected " + describe(t) + " where a descriptor item was expected");
        }
    }

    Item word_item(int depth) {
        const Token& t = peek();
        Item it;
        it.pos = t.pos;
        if (t.text == "LOOP") {
            next();
            Selector sel = selector("after LOOP");
            if (!selector_numeric(sel)) fail(sel.pos, "LOOP needs a numeric count; " + sel_text(sel) + " has no numeric value");
            LoopItem loop{sel, braced(depth, "to close the LOOP body")};
            it.node = std::move(loop);
            return it;
        }
        if (t.text == "BITFLAGS") {
            next();
            it.node = bitflags();
            return it;
        }
        if (t.text == "SWITCH") fail(t.pos, "there is no SWITCH keyword: a SWITCH is a format code or macro followed by ','");
        if (auto fn = builtin_function(t.text)) {
            it.node = function_call(*fn);
            return it;
        }
        std::string err;
        auto fc = parse_code(t.text, err);
        if (!fc) {
            if (!t.text.empty() && std::isdigit(static_cast<unsigned char>(t.text[0])))
                fail(t.pos, "unexpected number '" + t.text + "' (match values follow a SWITCH ',' only; strings need quotes)");
            fail(t.pos, "unknown format code or keyword '" + t.text + "'");
        }
        if (!err.empty()) fail(t.pos, err);
        fc->pos = t.pos;
        next();
        if (at(Tok::comma)) {
            Selector sel;
            sel.code = *fc;
            sel.pos = fc->pos;
            if (code_moves_only(fc->kind)) fail(peek().pos, fc->text + " moves the DATA POINTER and has no value to switch on");
            it.node = switch_stmt(sel, depth);
            return it;
        }
        it.node = CodeItem{*fc};
        return it;
    }

    // ---- selectors (the value of SWITCH, LOOP, BITFLAGS, and $reg%fmt) -----
    Selector selector(const char* context) {
        const Token& t = peek();
        if (t.kind == Tok::dollar) {
            if (is_hook_id(t.text)) fail(t.pos, "$" + t.text + " is a template subroutine; it has no value");
            Selector s = selector_from_register();
            if (register_is_control(s.reg.id)) fail(s.pos, "$" + s.reg.name + " is a control macro; it has no value");
            return s;
        }
        if (t.kind == Tok::word) {
            std::string err;
            auto fc = parse_code(t.text, err);
            if (!fc) fail(t.pos, std::string("expected a format code or macro ") + context + ", found " + describe(t));
            if (!err.empty()) fail(t.pos, err);
            if (code_moves_only(fc->kind)) fail(t.pos, fc->text + " moves the DATA POINTER and has no value");
            fc->pos = t.pos;
            next();
            Selector s;
            s.code = *fc;
            s.pos = t.pos;
            return s;
        }
        fail(t.pos, std::string("expected a format code or macro ") + context + ", found " + describe(t));
    }

    Selector selector_from_register() {
        const Token& t = next();
        Selector s;
        s.is_register = true;
        s.pos = t.pos;
        s.reg = reg_ref(t);
        if (at(Tok::percent)) {
            next();
            const Token& f = peek();
            std::string err;
            auto fc = f.kind == Tok::word ? parse_code(f.text, err) : std::nullopt;
            if (!fc) fail(f.pos, "expected a format code after '%', found " + describe(f));
            if (!err.empty()) fail(f.pos, err);
            if (code_moves_only(fc->kind) || fc->kind == CodeKind::A || fc->kind == CodeKind::S ||
                fc->kind == CodeKind::HB || fc->kind == CodeKind::HT)
                fail(f.pos, "%" + fc->text + " cannot format a macro value (use D U X o B F E T P)");
            if (register_is_string(s.reg.id)) fail(f.pos, "$" + s.reg.name + " is text; it cannot be shown with %" + fc->text);
            fc->pos = f.pos;
            s.code = *fc;
            s.has_format = true;
            next();
        }
        return s;
    }

    RegRef reg_ref(const Token& t) {
        RegRef r;
        r.name = t.text;
        r.pos = t.pos;
        if (auto b = builtin_register(t.text)) {
            r.id = *b;
            return r;
        }
        r.id = RegId::macro;
        auto [it, fresh] = slots_.try_emplace(t.text, static_cast<uint16_t>(slots_.size()));
        if (fresh) macros_->push_back(t.text);
        r.slot = it->second;
        return r;
    }

    static bool selector_numeric(const Selector& s) {
        if (s.is_register) return s.has_format || !register_is_string(s.reg.id);
        return code_has_value(s.code.kind);
    }
    static std::string sel_text(const Selector& s) {
        if (s.is_register) return "$" + s.reg.name + (s.has_format ? "%" + s.code.text : "");
        return s.code.text;
    }

    // ---- SWITCH -------------------------------------------------------------
    SwitchItem switch_stmt(Selector sel, int depth) {
        expect(Tok::comma, "after the SWITCH format code");
        if (sel.is_register && !sel.has_format && register_is_string(sel.reg.id))
            fail(sel.pos, "$" + sel.reg.name + " is text; SWITCH needs a value");
        SwitchItem sw{sel, {}};
        int base = selector_base(sel);
        for (;;) {
            if (at(Tok::eol) || at(Tok::eof) || at(Tok::rbrace))
                fail(peek().pos, "expected a SWITCH match value, found " + describe(peek()) +
                                     " (the last case of a SWITCH has no ',' after it)");
            Case c;
            c.pos = peek().pos;
            match_value(c, base, sel);
            if (at(Tok::string)) {
                Item text;
                text.pos = peek().pos;
                text.node = TextItem{peek().text, peek().space_before};
                c.body.push_back(std::move(text));
                next();
            } else if (at(Tok::lbrace)) {
                next();
                // The seed's syntax sketch writes "Matchvalue {,\": a ',' right after '{' is ignored.
                if (at(Tok::comma)) next();
                c.body = descriptor(depth + 1, Tok::rbrace);
                if (!at(Tok::rbrace)) fail(peek().pos, "missing '}' to close the SWITCH case before " + describe(peek()));
                next();
            } else {
                fail(peek().pos, "expected a string or '{' after the match value, found " + describe(peek()));
            }
            sw.cases.push_back(std::move(c));
            if (!at(Tok::comma)) break;
            next();
        }
        return sw;
    }

    void match_value(Case& c, int base, const Selector& sel) {
        const Token& t = peek();
        if (t.kind == Tok::star || t.kind == Tok::times) {
            c.kind = MatchKind::wildcard;
            next();
            return;
        }
        bool neg = false;
        if (t.kind == Tok::minus) {
            neg = true;
            next();
        }
        const Token& v = peek();
        if (v.kind != Tok::word && v.kind != Tok::string)
            fail(v.pos, "expected a SWITCH match value, found " + describe(v));
        bool errno_name = !sel.is_register && sel.code.kind == CodeKind::E && v.kind == Tok::word &&
                          !v.text.empty() && std::isalpha(static_cast<unsigned char>(v.text[0]));
        if (base == 0 || errno_name) {
            if (neg) fail(t.pos, "a text match value cannot be negative");
            c.kind = MatchKind::text;
            c.text = v.text;
            next();
            return;
        }
        if (v.kind == Tok::string) fail(v.pos, "a quoted match value needs an A or S code; " + sel_text(sel) + " is numeric");
        auto n = parse_number(v.text, base);
        if (!n) fail(v.pos, "match value '" + v.text + "' is not a base-" + std::to_string(base) + " number (as " + sel_text(sel) + " needs)");
        c.kind = MatchKind::number;
        c.number = neg ? static_cast<uint64_t>(0) - *n : *n;
        next();
    }

    // ---- BITFLAGS -----------------------------------------------------------
    BitflagsItem bitflags() {
        Selector sel = selector("after BITFLAGS");
        if (!selector_numeric(sel)) fail(sel.pos, "BITFLAGS needs a numeric value; " + sel_text(sel) + " has none");
        if (at(Tok::comma)) next();
        BitflagsItem bf{sel, {}};
        int base = selector_base(sel) == 8 ? 8 : 16;
        auto number = [&](const char* what) {
            const Token& t = peek();
            if (t.kind != Tok::word) fail(t.pos, std::string("expected a ") + what + ", found " + describe(t));
            auto n = parse_number(t.text, base);
            if (!n)
                fail(t.pos, std::string(what) + " '" + t.text + "' is not a base-" + std::to_string(base) + " number" +
                                (base == 8 ? " (the BITFLAGS value is octal because of its o code)" : ""));
            next();
            return *n;
        };
        auto entry_starts = [&] {
            return at(Tok::amp) || (at(Tok::word) && peek(1).kind == Tok::string && parse_number(peek().text, 16));
        };
        for (;;) {
            Flag f;
            if (at(Tok::amp)) {
                next();
                f.masked = true;
                f.mask = number("mask");
                f.value = number("field value");
            } else if (at(Tok::word)) {
                f.value = number("flag value");
            } else {
                fail(peek().pos, "expected a BITFLAGS entry (flag value or '& mask value'), found " + describe(peek()));
            }
            f.on = expect(Tok::string, "(the text printed when the flag matches)").text;
            if (at(Tok::string)) f.off = next().text;
            bf.flags.push_back(std::move(f));
            if (at(Tok::comma)) {
                next();
                if (!entry_starts()) fail(peek().pos, "expected another BITFLAGS entry after ',', found " + describe(peek()));
                continue;
            }
            if (!entry_starts()) break;
        }
        return bf;
    }

    // ---- built-in functions -------------------------------------------------
    FuncItem function_call(Builtin fn) {
        const Token& name = next();
        FuncItem f{fn, name.text, {}};
        if (at(Tok::lparen)) {
            next();
            if (!at(Tok::rparen)) {
                for (;;) {
                    f.args.push_back(expression());
                    if (!at(Tok::comma)) break;
                    next();
                }
            }
            expect(Tok::rparen, "to close the argument list");
        }
        auto [lo, hi] = builtin_arity(fn);
        int n = static_cast<int>(f.args.size());
        if (n < lo || n > hi)
            fail(name.pos, name.text + "() takes " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
                               " argument" + (hi == 1 ? "" : "s") + ", got " + std::to_string(n));
        return f;
    }

    // ---- macros: {{ $x = EXPR }} --------------------------------------------
    AssignItem assignment() {
        next();
        next();
        const Token& target = peek();
        if (target.kind != Tok::dollar) fail(target.pos, "expected a macro name after '{{', found " + describe(target));
        if (is_hook_id(target.text)) fail(target.pos, "$" + target.text + " is a template subroutine name and cannot be assigned");
        next();
        AssignItem a;
        a.target = reg_ref(target);
        if (!register_is_writable(a.target.id)) fail(target.pos, "$" + target.text + " is a built-in macro and cannot be assigned");
        expect(Tok::equals, "after the macro name");
        a.expr = expression();
        if (!(at(Tok::rbrace) && peek(1).kind == Tok::rbrace && !peek(1).space_before))
            fail(peek().pos, "expected '}}' to close the macro, found " + describe(peek()));
        next();
        next();
        return a;
    }

    Expr expression() {
        Expr e;
        expr_ = &e;
        e.root = sum(0);
        return e;
    }

    int32_t add(ExprNode n) {
        expr_->nodes.push_back(std::move(n));
        return static_cast<int32_t>(expr_->nodes.size() - 1);
    }
    int32_t binary(ExprNode::Op op, int32_t l, int32_t r, SourcePos pos) {
        ExprNode n;
        n.op = op;
        n.lhs = l;
        n.rhs = r;
        n.pos = pos;
        return add(std::move(n));
    }

    int32_t sum(int depth) {
        int32_t l = product(depth);
        while (at(Tok::plus) || at(Tok::minus)) {
            const Token& op = next();
            int32_t r = product(depth);
            l = binary(op.kind == Tok::plus ? ExprNode::Op::add : ExprNode::Op::sub, l, r, op.pos);
        }
        return l;
    }
    int32_t product(int depth) {
        int32_t l = unary(depth);
        while (at(Tok::times) || at(Tok::slash)) {
            const Token& op = next();
            int32_t r = unary(depth);
            l = binary(op.kind == Tok::times ? ExprNode::Op::mul : ExprNode::Op::div, l, r, op.pos);
        }
        return l;
    }
    int32_t unary(int depth) {
        if (depth > kMaxExprNesting) fail(peek().pos, "expression nested deeper than " + std::to_string(kMaxExprNesting) + " levels");
        if (at(Tok::minus)) {
            const Token& op = next();
            int32_t v = unary(depth + 1);
            return binary(ExprNode::Op::neg, v, -1, op.pos);
        }
        return primary(depth);
    }
    int32_t primary(int depth) {
        const Token& t = peek();
        ExprNode n;
        n.pos = t.pos;
        if (t.kind == Tok::lparen) {
            next();
            int32_t v = sum(depth + 1);
            expect(Tok::rparen, "to close '('");
            return v;
        }
        if (t.kind == Tok::dollar) {
            if (is_hook_id(t.text)) fail(t.pos, "$" + t.text + " is a template subroutine; it has no value");
            Selector s = selector_from_register();
            if (register_is_control(s.reg.id)) fail(t.pos, "$" + t.text + " is a control macro; it has no value");
            if (register_is_string(s.reg.id)) fail(t.pos, "$" + t.text + " is text; it has no numeric value");
            if (s.has_format && !(s.code.kind == CodeKind::D || s.code.kind == CodeKind::U ||
                                  s.code.kind == CodeKind::X || s.code.kind == CodeKind::Oct || s.code.kind == CodeKind::B))
                fail(s.code.pos, "in an expression a macro can only be narrowed with %D %U %X %o or %B");
            n.op = ExprNode::Op::reg;
            n.reg = s.reg;
            n.has_format = s.has_format;
            if (s.has_format) n.code = s.code;
            return add(std::move(n));
        }
        if (t.kind == Tok::word) {
            if (std::isdigit(static_cast<unsigned char>(t.text[0]))) {
                auto v = parse_number(t.text, 10);
                if (!v) fail(t.pos, "'" + t.text + "' is not a number (decimal, or hex with 0x)");
                n.op = ExprNode::Op::constant;
                n.value = *v;
                next();
                return add(std::move(n));
            }
            std::string err;
            auto fc = parse_code(t.text, err);
            if (!fc) fail(t.pos, "expected a number, format code or macro in the expression, found " + describe(t));
            if (!err.empty()) fail(t.pos, err);
            if (!code_has_value(fc->kind)) fail(t.pos, fc->text + " has no numeric value to use in an expression");
            fc->pos = t.pos;
            n.op = ExprNode::Op::code;
            n.code = *fc;
            next();
            return add(std::move(n));
        }
        fail(t.pos, "expected a number, format code or macro in the expression, found " + describe(t));
    }

    std::vector<Token> t_;
    size_t i_ = 0;
    const std::string& file_;
    std::vector<TemplateDiagnostic>& errors_;
    std::unordered_map<std::string, uint16_t> slots_;
    std::vector<std::string>* macros_ = nullptr;
    Expr* expr_ = nullptr;
};

}  // namespace

std::vector<Template> parse_templates(std::string_view text, const std::string& file,
                                      std::vector<TemplateDiagnostic>& errors) {
    size_t first = errors.size();
    std::vector<TemplateDiagnostic> lex_errors;
    std::vector<Token> toks = lex(text, file, lex_errors);
    std::vector<Template> out = Parser(std::move(toks), file, errors).run();
    // A lexical error usually causes a follow-on parse error on its line; keep
    // only the lexical one there, then all messages in file order.
    if (!lex_errors.empty()) {
        auto lexed_line = [&](const TemplateDiagnostic& d) {
            for (const auto& l : lex_errors)
                if (l.pos.line == d.pos.line) return true;
            return false;
        };
        errors.erase(std::remove_if(errors.begin() + static_cast<std::ptrdiff_t>(first), errors.end(), lexed_line), errors.end());
    }
    errors.insert(errors.end(), lex_errors.begin(), lex_errors.end());
    std::stable_sort(errors.begin() + static_cast<std::ptrdiff_t>(first), errors.end(), [](const TemplateDiagnostic& x, const TemplateDiagnostic& y) {
        return x.pos.line != y.pos.line ? x.pos.line < y.pos.line : x.pos.col < y.pos.col;
    });
    return out;
}

}  // namespace tk::trcfmt
