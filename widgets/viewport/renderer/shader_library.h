// SPDX-License-Identifier: MIT
#pragma once
#include <QString>
#include <QByteArray>
#include <QList>
#include <QStringList>

#include <map>
#include <memory>

class QOpenGLShaderProgram;

namespace marrow::gl {

// Builds and owns the linked shader programs, by name. Sources are GLSL 3.30
// core files compiled into the :/shaders resource, so there is one copy of
// each shader; its variants (skinning modes) are #defines, not copies. Every error message names the
// shader file it came from. Programs are GL objects: build() and clear() need
// the owning context current, and clear() must run before that context dies.
class ShaderLibrary {
public:
    ShaderLibrary();
    ~ShaderLibrary();
    ShaderLibrary(const ShaderLibrary&) = delete;
    ShaderLibrary& operator=(const ShaderLibrary&) = delete;

    // Compiles :/shaders/<vertexFile> and :/shaders/<fragmentFile> and links
    // them as `name`, replacing any program of that name. `feedbackVaryings`
    // are captured (interleaved) by transform feedback; they must be declared
    // before linking, so they are part of the build. Each of `defines`
    // ("NAME VALUE") becomes a #define after both sources' #version line, for
    // compile-time variants of one file; error line numbers still match the
    // file. Returns null on failure, with lastError() set.
    QOpenGLShaderProgram* build(const QString& name, const QString& vertexFile, const QString& fragmentFile,
                                const QStringList& feedbackVaryings = {}, const QList<QByteArray>& defines = {});

    // Null when no program of that name was built.
    QOpenGLShaderProgram* program(const QString& name) const;
    const QString& lastError() const { return m_lastError; }

    // Deletes every program (context current).
    void clear();

private:
    bool loadSource(const QString& file, const QList<QByteArray>& defines, QByteArray& source);

    std::map<QString, std::unique_ptr<QOpenGLShaderProgram>> m_programs;
    QString m_lastError;
};

} // namespace marrow::gl
