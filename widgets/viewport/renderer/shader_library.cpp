// SPDX-License-Identifier: MIT
#include "widgets/viewport/renderer/shader_library.h"

#include <QFile>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>

#include <vector>

namespace marrow::gl {

ShaderLibrary::ShaderLibrary() = default;
ShaderLibrary::~ShaderLibrary() = default;

bool ShaderLibrary::loadSource(const QString& file, const QList<QByteArray>& defines, QByteArray& source)
{
    QFile f(QStringLiteral(":/shaders/") + file);
    if (!f.open(QIODevice::ReadOnly)) {
        m_lastError = file + QStringLiteral(": cannot read the shader resource :/shaders/") + file;
        return false;
    }
    source = f.readAll();
    if (defines.isEmpty())
        return true;
    // #version must stay the first line; #line 2 keeps the log's line
    // numbers those of the file.
    const qsizetype afterVersion = source.indexOf('\n') + 1;
    if (afterVersion == 0 || !source.startsWith("#version")) {
        m_lastError = file + QStringLiteral(": the first line must be #version for variants to be defined");
        return false;
    }
    QByteArray preamble;
    for (const QByteArray& d : defines)
        preamble += "#define " + d + '\n';
    preamble += "#line 2\n";
    source.insert(afterVersion, preamble);
    return true;
}

QOpenGLShaderProgram* ShaderLibrary::build(const QString& name, const QString& vertexFile,
                                           const QString& fragmentFile, const QStringList& feedbackVaryings,
                                           const QList<QByteArray>& defines)
{
    m_lastError.clear();
    QByteArray vertexSource, fragmentSource;
    if (!loadSource(vertexFile, defines, vertexSource) || !loadSource(fragmentFile, defines, fragmentSource))
        return nullptr;

    auto program = std::make_unique<QOpenGLShaderProgram>();
    if (!program->addShaderFromSourceCode(QOpenGLShader::Vertex, vertexSource)) {
        m_lastError = vertexFile + QStringLiteral(": ") + program->log().trimmed();
        return nullptr;
    }
    if (!program->addShaderFromSourceCode(QOpenGLShader::Fragment, fragmentSource)) {
        m_lastError = fragmentFile + QStringLiteral(": ") + program->log().trimmed();
        return nullptr;
    }
    if (!feedbackVaryings.isEmpty()) {
        // Varyings are a link-time property of the program.
        std::vector<QByteArray> names;
        std::vector<const char*> pointers;
        for (const QString& v : feedbackVaryings)
            names.push_back(v.toLatin1());
        for (const QByteArray& n : names)
            pointers.push_back(n.constData());
        QOpenGLExtraFunctions* f = QOpenGLContext::currentContext()->extraFunctions();
        f->glTransformFeedbackVaryings(program->programId(), static_cast<GLsizei>(pointers.size()), pointers.data(),
                                       GL_INTERLEAVED_ATTRIBS);
    }
    if (!program->link()) {
        m_lastError = vertexFile + QStringLiteral(" + ") + fragmentFile + QStringLiteral(": link failed: ") +
                      program->log().trimmed();
        return nullptr;
    }
    QOpenGLShaderProgram* raw = program.get();
    m_programs[name] = std::move(program);
    return raw;
}

QOpenGLShaderProgram* ShaderLibrary::program(const QString& name) const
{
    const auto it = m_programs.find(name);
    return it == m_programs.end() ? nullptr : it->second.get();
}

void ShaderLibrary::clear()
{
    m_programs.clear();
}

} // namespace marrow::gl
